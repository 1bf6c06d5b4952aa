import { describe, expect, it } from 'vitest';
import { drawsBetween, nextDraw, NORTH_SCHEDULE, provinceGames, scheduleProblem, VN_SCHEDULE, type TSchedule } from './schedule.ts';

const HCM = 'Asia/Ho_Chi_Minh';
const at = (iso: string): Date => new Date(iso);
const iso = (d: Date): string => d.toISOString();

describe('daily draws', () => {
  it('draws the north at 18:15 Asia/Ho_Chi_Minh = 11:15 UTC, numbered by the local date, closing 15 minutes before', () => {
    const slot = nextDraw(NORTH_SCHEDULE, HCM, at('2026-11-22T10:00:00Z'));
    expect({ drawNo: slot.drawNo, drawAt: iso(slot.drawAt), closeAt: iso(slot.closeAt) }).toEqual({
      drawNo: '20261122',
      drawAt: '2026-11-22T11:15:00.000Z',
      closeAt: '2026-11-22T11:00:00.000Z',
    });
    // At the draw instant the next one is tomorrow's; the draw is in (from, to].
    expect(nextDraw(NORTH_SCHEDULE, HCM, at('2026-11-22T11:15:00Z')).drawNo).toBe('20261123');
    expect(nextDraw(NORTH_SCHEDULE, HCM, at('2026-11-22T11:14:59.999Z')).drawNo).toBe('20261122');
    // 20:00 UTC is already 03:00 on the 23rd in Ho Chi Minh City.
    expect(nextDraw(NORTH_SCHEDULE, HCM, at('2026-11-22T20:00:00Z')).drawNo).toBe('20261123');
    expect(drawsBetween(NORTH_SCHEDULE, HCM, at('2026-11-22T11:15:00Z'), at('2026-11-25T11:15:00Z')).map((s) => s.drawNo)).toEqual(['20261123', '20261124', '20261125']);
  });

  it('keeps to the weekdays of the schedule', () => {
    const mondaysAndSaturdays: TSchedule = { kind: 'daily', time: '16:15', weekdays: [1, 6], closeSeconds: 900 };
    // 2026-11-23 is a Monday.
    const slots = drawsBetween(mondaysAndSaturdays, HCM, at('2026-11-22T00:00:00Z'), at('2026-12-01T00:00:00Z'));
    expect(slots.map((s) => `${s.drawNo} ${iso(s.drawAt)}`)).toEqual(['20261123 2026-11-23T09:15:00.000Z', '20261128 2026-11-28T09:15:00.000Z', '20261130 2026-11-30T09:15:00.000Z']);
  });

  it('follows daylight saving in a zone that has it', () => {
    const berlin: TSchedule = { kind: 'daily', time: '18:15', weekdays: [0, 1, 2, 3, 4, 5, 6], closeSeconds: 60 };
    const slots = drawsBetween(berlin, 'Europe/Berlin', at('2026-03-28T00:00:00Z'), at('2026-03-30T00:00:00Z'));
    expect(slots.map((s) => iso(s.drawAt))).toEqual(['2026-03-28T17:15:00.000Z', '2026-03-29T16:15:00.000Z']);
  });
});

describe('interval draws', () => {
  const everyMinute: TSchedule = { kind: 'interval', seconds: 60, closeSeconds: 5 };
  it('numbers 60 s slots within the local day, across local midnight (17:00 UTC)', () => {
    const slots = drawsBetween(everyMinute, HCM, at('2026-11-22T16:58:30Z'), at('2026-11-22T17:01:30Z'));
    expect(slots.map((s) => `${s.drawNo} ${iso(s.drawAt)} ${iso(s.closeAt)}`)).toEqual([
      '20261122-1440 2026-11-22T16:59:00.000Z 2026-11-22T16:58:55.000Z',
      '20261123-0001 2026-11-22T17:00:00.000Z 2026-11-22T16:59:55.000Z',
      '20261123-0002 2026-11-22T17:01:00.000Z 2026-11-22T17:00:55.000Z',
    ]);
    expect(nextDraw(everyMinute, HCM, at('2026-11-22T17:00:00Z')).drawNo).toBe('20261123-0002');
  });

  it('has 480 slots of 3 minutes and 288 of 5 a day', () => {
    const day = (seconds: 180 | 300) => drawsBetween({ kind: 'interval', seconds, closeSeconds: 5 }, HCM, at('2026-11-22T17:00:00Z'), at('2026-11-23T17:00:00Z'));
    const three = day(180);
    expect(three).toHaveLength(480);
    expect(three[0]?.drawNo).toBe('20261123-0002');
    expect(three.at(-1)?.drawNo).toBe('20261124-0001');
    expect(day(300).at(-2)?.drawNo).toBe('20261123-0288');
  });

  it('refuses schedules that cannot run', () => {
    expect(scheduleProblem({ kind: 'interval', seconds: 60, closeSeconds: 60 })).toMatch(/less than one interval/);
    expect(scheduleProblem({ kind: 'interval', seconds: 120 as 60, closeSeconds: 5 })).toMatch(/60, 180, 300/);
    expect(scheduleProblem({ kind: 'daily', time: '24:00', weekdays: [1], closeSeconds: 900 })).toMatch(/HH:MM/);
    expect(scheduleProblem({ kind: 'daily', time: '18:15', weekdays: [], closeSeconds: 900 })).toMatch(/at least one weekday/);
    expect(scheduleProblem({ kind: 'daily', time: '18:15', weekdays: [7], closeSeconds: 900 })).toMatch(/weekdays/);
    expect(() => nextDraw({ kind: 'daily', time: '18:15', weekdays: [], closeSeconds: 0 }, HCM, new Date())).toThrow(RangeError);
    expect(() => nextDraw(NORTH_SCHEDULE, 'Mars/Olympus', new Date())).toThrow(RangeError);
  });
});

describe('the Vietnamese weekly schedule', () => {
  it('is lottery.md’s', () => {
    expect(VN_SCHEDULE.north.hostByWeekday[1]).toBe('Hà Nội');
    expect(VN_SCHEDULE.north.hostByWeekday[0]).toBe('Thái Bình');
    // lottery.md's lines, Monday first.
    const south = 'TP.HCM, Đồng Tháp, Cà Mau · Bến Tre, Vũng Tàu, Bạc Liêu · Đồng Nai, Cần Thơ, Sóc Trăng · Tây Ninh, An Giang, Bình Thuận · Vĩnh Long, Bình Dương, Trà Vinh · TP.HCM, Long An, Bình Phước, Hậu Giang · Tiền Giang, Kiên Giang, Đà Lạt';
    const central = 'Thừa Thiên Huế, Phú Yên · Đắk Lắk, Quảng Nam · Đà Nẵng, Khánh Hòa · Bình Định, Quảng Trị, Quảng Bình · Gia Lai, Ninh Thuận · Đà Nẵng, Quảng Ngãi, Đắk Nông · Kon Tum, Khánh Hòa, Thừa Thiên Huế';
    const mondayFirst = (byWeekday: readonly (readonly string[])[]): string => [1, 2, 3, 4, 5, 6, 0].map((d) => byWeekday[d]?.join(', ')).join(' · ');
    expect(mondayFirst(VN_SCHEDULE.south.provincesByWeekday)).toBe(south);
    expect(mondayFirst(VN_SCHEDULE.central.provincesByWeekday)).toBe(central);
    expect([VN_SCHEDULE.north.time, VN_SCHEDULE.south.time, VN_SCHEDULE.central.time]).toEqual(['18:15', '16:15', '17:15']);
  });

  it('makes one game per province with the weekdays it draws', () => {
    const games = provinceGames();
    expect(games.filter((g) => g.region === 'south')).toHaveLength(21);
    expect(games.filter((g) => g.region === 'central')).toHaveLength(14);
    expect(new Set(games.map((g) => g.gameCode)).size).toBe(games.length);
    for (const g of games) expect(g.gameCode).toMatch(/^M[NT]_[A-Z]+$/);
    const byCode = new Map(games.map((g) => [g.gameCode, g]));
    expect(byCode.get('MN_TPHCM')).toMatchObject({ province: 'TP.HCM', region: 'south', weekdays: [1, 6] });
    expect(byCode.get('MT_DANANG')).toMatchObject({ province: 'Đà Nẵng', weekdays: [3, 6] });
    expect(byCode.get('MT_THUATHIENHUE')?.weekdays).toEqual([0, 1]);
    expect(byCode.get('MT_KHANHHOA')?.weekdays).toEqual([0, 3]);
    expect(byCode.get('MT_DAKLAK')?.weekdays).toEqual([2]);
    expect(byCode.get('MN_DALAT')?.weekdays).toEqual([0]);
    // Each weekday's games are exactly lottery.md's provinces of that day.
    for (const region of ['south', 'central'] as const) {
      for (let d = 0; d < 7; d += 1) {
        const drawing = games.filter((g) => g.region === region && g.weekdays.includes(d)).map((g) => g.province);
        expect(drawing.sort()).toEqual([...(VN_SCHEDULE[region].provincesByWeekday[d] ?? [])].sort());
      }
    }
    // A province's schedule draws on its days at the region's time: TP.HCM on Monday 2026-11-23, 16:15 local.
    const hcm = byCode.get('MN_TPHCM');
    if (!hcm) throw new Error('no TP.HCM game');
    expect(iso(nextDraw(hcm.schedule, HCM, at('2026-11-21T12:00:00Z')).drawAt)).toBe('2026-11-23T09:15:00.000Z');
  });
});
