import { DEFAULT_TIME_ZONE, instantOf, wallClock } from '../../lib/zoned-time.ts';
/**
 * When draws happen, in the merchant's time zone (lottery.md, "Weekly schedule"). Time-zone offsets come from
 * Intl.DateTimeFormat, so any IANA zone works, daylight saving included.
 */

export { DEFAULT_TIME_ZONE };
/** lottery.md defaults: regional betting closes 15 minutes before the draw, fast e-lotteries 5 s before. */
export const REGIONAL_CLOSE_SECONDS = 900;
export const FAST_CLOSE_SECONDS = 5;
export const FAST_INTERVALS = [60, 180, 300] as const;

export type TSchedule =
  /** Once a day at local `time` ('HH:MM', 24 h) on the given weekdays (0 = Sunday … 6 = Saturday). */
  | { kind: 'daily'; time: string; weekdays: readonly number[]; closeSeconds: number }
  /** Around the clock, every `seconds`, counted from local midnight. */
  | { kind: 'interval'; seconds: (typeof FAST_INTERVALS)[number]; closeSeconds: number };

export interface TDrawSlot {
  /** daily: the local date 'YYYYMMDD'; interval: 'YYYYMMDD-NNNN', NNNN the 1-based slot of that local day. */
  drawNo: string;
  /** drawAt − closeSeconds: tickets must commit before it. */
  closeAt: Date;
  drawAt: Date;
}

const DAY_MS = 86_400_000;
const HH_MM = /^([01][0-9]|2[0-3]):([0-5][0-9])$/;

/** Why a schedule cannot run, or null when it can. */
export function scheduleProblem(schedule: TSchedule): string | null {
  if (!Number.isSafeInteger(schedule.closeSeconds) || schedule.closeSeconds < 0) return 'closeSeconds must be a non-negative integer';
  if (schedule.kind === 'interval') {
    if (!FAST_INTERVALS.includes(schedule.seconds)) return `an interval is one of ${FAST_INTERVALS.join(', ')} seconds`;
    if (schedule.closeSeconds >= schedule.seconds) return 'betting must close less than one interval before the draw';
    return null;
  }
  if (!HH_MM.test(schedule.time)) return 'the draw time is HH:MM, 00:00 to 23:59';
  if (schedule.weekdays.length === 0) return 'a daily draw needs at least one weekday';
  if (schedule.weekdays.some((d) => !Number.isInteger(d) || d < 0 || d > 6)) return 'weekdays are 0 (Sunday) to 6 (Saturday)';
  if (schedule.closeSeconds >= DAY_MS / 1000) return 'betting must close less than a day before the draw';
  return null;
}

/** The local calendar day of an instant, as the UTC midnight of that date (ms). */
function localDay(tz: string, instant: number): number {
  const wall = wallClock(tz, instant);
  return wall - (((wall % DAY_MS) + DAY_MS) % DAY_MS);
}

const dateCode = (day: number): string => new Date(day).toISOString().slice(0, 10).replaceAll('-', '');

function slot(drawNo: string, drawAt: number, closeSeconds: number): TDrawSlot {
  return { drawNo, drawAt: new Date(drawAt), closeAt: new Date(drawAt - closeSeconds * 1000) };
}

/**
 * The draws after `from`, in order, without end. Interval draws: slot n (1-based) of a local day draws at local
 * midnight + (n − 1) × seconds, so slot 1 is at 00:00:00 and belongs to the day it starts.
 */
function* slotsAfter(schedule: TSchedule, tz: string, from: number): Generator<TDrawSlot> {
  const problem = scheduleProblem(schedule);
  if (problem) throw new RangeError(problem);
  wallClock(tz, from); // throws a RangeError for an unknown zone before the first draw is asked for
  for (let day = localDay(tz, from); ; day += DAY_MS) {
    if (schedule.kind === 'daily') {
      if (!schedule.weekdays.includes(new Date(day).getUTCDay())) continue;
      const [hh, mm] = schedule.time.split(':').map(Number) as [number, number];
      const drawAt = instantOf(tz, day + (hh * 60 + mm) * 60_000);
      if (drawAt > from) yield slot(dateCode(day), drawAt, schedule.closeSeconds);
      continue;
    }
    const step = schedule.seconds * 1000;
    const start = instantOf(tz, day);
    const end = instantOf(tz, day + DAY_MS);
    const first = from < start ? 0 : Math.floor((from - start) / step) + 1;
    for (let k = first; start + k * step < end; k += 1) {
      yield slot(`${dateCode(day)}-${String(k + 1).padStart(4, '0')}`, start + k * step, schedule.closeSeconds);
    }
  }
}

/** The draws with drawAt in (from, to], ascending. */
export function drawsBetween(schedule: TSchedule, tz: string, from: Date, to: Date): TDrawSlot[] {
  const out: TDrawSlot[] = [];
  for (const s of slotsAfter(schedule, tz, from.getTime())) {
    if (s.drawAt > to) break;
    out.push(s);
  }
  return out;
}

/** The first draw with drawAt > now (its betting may already be closed: compare closeAt with the clock). */
export function nextDraw(schedule: TSchedule, tz: string, now: Date): TDrawSlot {
  const { value } = slotsAfter(schedule, tz, now.getTime()).next();
  if (!value) throw new Error('a schedule always has a next draw');
  return value;
}

/** Index = weekday, 0 = Sunday. */
type TByWeekday<T> = readonly [T, T, T, T, T, T, T];

/** lottery.md's weekly schedule of the Vietnamese regional draws, local time. */
export const VN_SCHEDULE: {
  north: { time: string; hostByWeekday: TByWeekday<string> };
  south: { time: string; provincesByWeekday: TByWeekday<readonly string[]> };
  central: { time: string; provincesByWeekday: TByWeekday<readonly string[]> };
} = {
  north: {
    time: '18:15',
    hostByWeekday: ['Thái Bình', 'Hà Nội', 'Quảng Ninh', 'Bắc Ninh', 'Hà Nội', 'Hải Phòng', 'Nam Định'],
  },
  south: {
    time: '16:15',
    provincesByWeekday: [
      ['Tiền Giang', 'Kiên Giang', 'Đà Lạt'],
      ['TP.HCM', 'Đồng Tháp', 'Cà Mau'],
      ['Bến Tre', 'Vũng Tàu', 'Bạc Liêu'],
      ['Đồng Nai', 'Cần Thơ', 'Sóc Trăng'],
      ['Tây Ninh', 'An Giang', 'Bình Thuận'],
      ['Vĩnh Long', 'Bình Dương', 'Trà Vinh'],
      ['TP.HCM', 'Long An', 'Bình Phước', 'Hậu Giang'],
    ],
  },
  central: {
    time: '17:15',
    provincesByWeekday: [
      ['Kon Tum', 'Khánh Hòa', 'Thừa Thiên Huế'],
      ['Thừa Thiên Huế', 'Phú Yên'],
      ['Đắk Lắk', 'Quảng Nam'],
      ['Đà Nẵng', 'Khánh Hòa'],
      ['Bình Định', 'Quảng Trị', 'Quảng Bình'],
      ['Gia Lai', 'Ninh Thuận'],
      ['Đà Nẵng', 'Quảng Ngãi', 'Đắk Nông'],
    ],
  },
};

/** The north draw: daily at 18:15 local, regional close. */
export const NORTH_SCHEDULE: TSchedule = {
  kind: 'daily',
  time: VN_SCHEDULE.north.time,
  weekdays: [0, 1, 2, 3, 4, 5, 6],
  closeSeconds: REGIONAL_CLOSE_SECONDS,
};

export interface TProvinceGame {
  /** 'MN_' (Miền Nam) or 'MT_' (Miền Trung) + the province in ASCII capitals: MN_TPHCM, MT_DANANG. */
  gameCode: string;
  name: string;
  region: 'south' | 'central';
  province: string;
  /** Ascending, 0 = Sunday. */
  weekdays: number[];
  schedule: TSchedule;
}

/** ASCII capitals of a Vietnamese name: diacritics dropped, đ → D, everything but letters and digits removed. */
function asciiCode(name: string): string {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[đĐ]/g, 'D')
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '');
}

/** One game per southern and central province, with the weekdays it draws; in order of first draw from Monday. */
export function provinceGames(): TProvinceGame[] {
  const games: TProvinceGame[] = [];
  for (const region of ['south', 'central'] as const) {
    const { time, provincesByWeekday } = VN_SCHEDULE[region];
    const byProvince = new Map<string, number[]>();
    for (const weekday of [1, 2, 3, 4, 5, 6, 0]) {
      for (const province of provincesByWeekday[weekday] ?? []) byProvince.set(province, [...(byProvince.get(province) ?? []), weekday]);
    }
    for (const [province, days] of byProvince) {
      const weekdays = days.sort((a, b) => a - b);
      games.push({
        gameCode: `${region === 'south' ? 'MN' : 'MT'}_${asciiCode(province)}`,
        name: `Xổ số ${province}`,
        region,
        province,
        weekdays,
        schedule: { kind: 'daily', time, weekdays, closeSeconds: REGIONAL_CLOSE_SECONDS },
      });
    }
  }
  return games;
}
