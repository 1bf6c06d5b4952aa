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

describe('imageUrl in a language (issue 23)', () => {
  afterEach(() => configureHosts({ imageCDNs: ['/'], launchGameCDNs: ['/'] }));
  it('asks drawn art with words for the interface language', () => {
    expect(imageUrl('img/banners/1.svg', 'VI')).toBe('/img/banners/1.svg?lang=VI');
    expect(imageUrl('/img/promos/5.svg', 'CN')).toBe('/img/promos/5.svg?lang=CN');
    expect(imageUrl('/img/games/PH_SLOT/lucky-crown.svg', 'MY')).toBe('/img/games/PH_SLOT/lucky-crown.svg?lang=MY');
    configureHosts({ imageCDNs: ['https://img.test/'], launchGameCDNs: ['/'] });
    expect(imageUrl('img/banners/2.svg', 'VI')).toBe('https://img.test/img/banners/2.svg?lang=VI');
  });
  it('leaves other images, addresses elsewhere and URLs with a query alone', () => {
    expect(imageUrl('img/banners/1.svg')).toBe('/img/banners/1.svg');
    expect(imageUrl('img/vendors/EVO.svg', 'VI')).toBe('/img/vendors/EVO.svg');
    expect(imageUrl('img/mall/1.svg', 'VI')).toBe('/img/mall/1.svg');
    expect(imageUrl('https://cdn.example.com/banner.png', 'VI')).toBe('https://cdn.example.com/banner.png');
    expect(imageUrl('img/banners/1.svg?v=2', 'VI')).toBe('/img/banners/1.svg?v=2');
  });
});
