import { afterEach, describe, expect, it } from 'vitest';
import { configureHosts, imageUrl, joinHost, launchUrl, pickHost } from './image-url.ts';

describe('pickHost', () => {
  it('chooses by the random draw and falls back to this server', () => {
    expect(pickHost(['a', 'b', 'c'], () => 0)).toBe('a');
    expect(pickHost(['a', 'b', 'c'], () => 0.5)).toBe('b');
    expect(pickHost(['a', 'b', 'c'], () => 0.9999)).toBe('c');
    expect(pickHost([], () => 0.3)).toBe('/');
    expect(pickHost(['', ' '], () => 0.3)).toBe('/');
  });
});

describe('joinHost', () => {
  it('joins hosts and paths with exactly one slash', () => {
    expect(joinHost('/', 'img/vendors/PG.svg')).toBe('/img/vendors/PG.svg');
    expect(joinHost('/', '/img/vendors/PG.svg')).toBe('/img/vendors/PG.svg');
    expect(joinHost('https://cdn.example.com', 'img/a.svg')).toBe('https://cdn.example.com/img/a.svg');
    expect(joinHost('https://cdn.example.com/', '/img/a.svg')).toBe('https://cdn.example.com/img/a.svg');
  });
  it('leaves absolute URLs alone', () => {
    expect(joinHost('/', 'https://x.test/a.svg')).toBe('https://x.test/a.svg');
    expect(joinHost('/', '//x.test/a.svg')).toBe('//x.test/a.svg');
  });
});

describe('imageUrl and launchUrl', () => {
  afterEach(() => configureHosts({ imageCDNs: ['/'], launchGameCDNs: ['/'] }));
  it('use the configured hosts', () => {
    configureHosts({ imageCDNs: ['https://img.test/'], launchGameCDNs: ['https://play.test'] });
    expect(imageUrl('img/banners/1.svg')).toBe('https://img.test/img/banners/1.svg');
    expect(launchUrl('/house/dice')).toBe('https://play.test/house/dice');
  });
  it('default to this server', () => {
    expect(imageUrl('img/providers/EVO.svg')).toBe('/img/providers/EVO.svg');
  });
});
