import { describe, expect, it } from 'vitest';
import { isExternalUrl, primaryContact, sidebarEntries } from './resources.ts';

const res = (resourceType: string, url: string, labelNameEn = resourceType) => ({ resourceType, url, labelNameEn, qrCodeUrl: null });

describe('sidebarEntries', () => {
  it('orders resources and adds customer service not already listed', () => {
    const entries = sidebarEntries({
      resources: [res('APP', '/app'), res('SOCIAL', 'https://fb'), res('CS_LIVECHAT', '/helpmc'), res('OTHER', '/x')],
      customerService: [
        { type: 'CS_LIVECHAT', label: 'Live chat', url: '/helpmc' },
        { type: 'CS_PHONE', label: 'Hotline', url: 'https://hotline.test' },
      ],
    });
    expect(entries.map((e) => e.type)).toEqual(['CS_LIVECHAT', 'SOCIAL', 'APP', 'CS_PHONE']);
  });

  it('leaves out a stored link that is not http(s) or this site\'s (issue 15)', () => {
    const entries = sidebarEntries({
      resources: [res('SOCIAL', 'javascript:alert(1)'), res('APP', '//evil.test/app'), res('CS_LIVECHAT', '/helpmc')],
      customerService: [{ type: 'CS_PHONE', label: 'Hotline', url: 'data:text/html,x' }],
    });
    expect(entries.map((e) => e.url)).toEqual(['/helpmc']);
    expect(primaryContact({ resources: [res('CS_LIVECHAT', 'javascript:alert(1)')], customerService: [] })).toBeUndefined();
  });
});

describe('primaryContact', () => {
  it('prefers live chat, then the messaging app, then customer service', () => {
    const chat = res('CS_LIVECHAT', 'https://chat.test');
    const tg = res('CS_MESSENGER', 'https://t.me/x');
    expect(primaryContact({ resources: [tg, chat], customerService: [] })?.url).toBe('https://chat.test');
    expect(primaryContact({ resources: [tg], customerService: [] })?.url).toBe('https://t.me/x');
    expect(primaryContact({ resources: [res('CS_LIVECHAT', '/chat')], customerService: [] })?.url).toBe('/chat');
    expect(primaryContact({ resources: [], customerService: [{ type: 'X', label: 'Help', url: '/helpmc' }] })?.url).toBe('/helpmc');
    expect(primaryContact({ resources: [], customerService: [] })).toBeUndefined();
  });
  it('prefers another site over a page of this one (the status page hides this site)', () => {
    expect(primaryContact({ resources: [res('CS_LIVECHAT', '/helpmc'), res('CS_MESSENGER', 'https://t.me/x')], customerService: [] })?.url).toBe(
      'https://t.me/x',
    );
  });
});

describe('isExternalUrl', () => {
  it('tells site paths from other sites', () => {
    expect(isExternalUrl('/join')).toBe(false);
    expect(isExternalUrl('https://t.me/x')).toBe(true);
    expect(isExternalUrl('//cdn/x')).toBe(true);
    expect(isExternalUrl('mailto:a@b')).toBe(true);
  });
});
