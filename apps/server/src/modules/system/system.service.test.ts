import { describe, expect, it } from 'vitest';
import { visitorStatus } from './system.service.ts';
import { buildLanes, buildModuleTree } from './site-config.ts';

const rules = (entries: [string, 'allow' | 'block'][]) => new Map(entries);

describe('visitorStatus', () => {
  it('is normal unless a rule or the mode says otherwise', () => {
    expect(visitorStatus({ mode: 'normal', regionRules: rules([]) }, 'VN')).toEqual({ status: 0, maintenance: false, regionRestriction: false });
  });
  it('maintenance wins over a region block', () => {
    expect(visitorStatus({ mode: 'maintenance', regionRules: rules([['VN', 'block']]) }, 'VN').status).toBe(1);
  });
  it('normal mode refuses block-listed countries only', () => {
    const r = rules([['US', 'block']]);
    expect(visitorStatus({ mode: 'normal', regionRules: r }, 'US').status).toBe(2);
    expect(visitorStatus({ mode: 'normal', regionRules: r }, 'VN').status).toBe(0);
    expect(visitorStatus({ mode: 'normal', regionRules: r }, '').status).toBe(0);
  });
  it('region-block mode lets only allow-listed countries in, unknown ones not', () => {
    const r = rules([['VN', 'allow']]);
    expect(visitorStatus({ mode: 'region-block', regionRules: r }, 'VN').status).toBe(0);
    expect(visitorStatus({ mode: 'region-block', regionRules: r }, 'TH').status).toBe(2);
    expect(visitorStatus({ mode: 'region-block', regionRules: r }, '').status).toBe(2);
  });
});

describe('buildLanes', () => {
  const vendor = (vassalage: string, category: string, state: { isHot?: boolean; enabled?: boolean; integration?: string } = {}) => ({
    vassalage, category, displayName: vassalage, accountTypeId: 1, accountTypeName: category, gameType: category,
    isHot: state.isHot ?? false, enabled: state.enabled ?? true, integration: state.integration ?? 'house',
  });
  it('moves SPORTS vendors with esports codes into ESPORTS and keeps category order', () => {
    const lanes = buildLanes([vendor('TF', 'SPORTS'), vendor('SABA', 'SPORTS'), vendor('EVO', 'LIVE'), vendor('X', 'NOPE')]);
    expect(lanes.map((l) => [l.gameCategory, l.vendors.map((v) => v.vassalage)])).toEqual([
      ['LIVE', ['EVO']],
      ['SPORTS', ['SABA']],
      ['ESPORTS', ['TF']],
    ]);
    expect(lanes[2]?.vendors[0]?.smallIcon).toBe('img/vendors/TF.svg');
  });
  it('marks a vendor that is off or has no integration under maintenance, never hot, after the open ones', () => {
    const lanes = buildLanes([
      vendor('EVO', 'LIVE', { isHot: true, integration: 'none' }),
      vendor('SA', 'LIVE', { isHot: true, enabled: false }),
      vendor('PH_LIVE', 'LIVE', { isHot: true }),
      vendor('AG', 'LIVE'),
    ]);
    expect(lanes[0]?.vendors.map((v) => [v.vassalage, v.maintenance, v.isHot])).toEqual([
      ['PH_LIVE', 0, 1],
      ['AG', 0, 0],
      ['EVO', 1, 0],
      ['SA', 1, 0],
    ]);
  });
});

describe('buildModuleTree', () => {
  it('nests children under parents with enabled as "1"/"0"', () => {
    expect(
      buildModuleTree([
        { modId: 'SITE3', parentModId: null, enabled: true },
        { modId: 'FREEPLAY3', parentModId: 'SITE3', enabled: false },
      ]),
    ).toEqual([{ modId: 'SITE3', enabled: '1', childrenNodes: [{ modId: 'FREEPLAY3', enabled: '0', childrenNodes: [] }] }]);
  });
});
