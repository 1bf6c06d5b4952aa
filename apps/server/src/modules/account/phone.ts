import type { TCountry } from '@playhall/contract/calls/auth';
import { AppError } from '../../lib/app-error.ts';

/**
 * Countries the portal accepts phone numbers from, with the length of a national mobile number
 * (after the trunk 0) — spec §5: "phone numbers have a country-specific digit count". The
 * merchant's home market comes first.
 */
const ROWS: [code: string, dialing: string, name: string, min: number, max: number][] = [
  ['VN', '+84', 'Việt Nam', 9, 10],
  ['MM', '+95', 'Myanmar', 7, 10],
  ['TH', '+66', 'Thailand', 8, 9],
  ['KH', '+855', 'Cambodia', 8, 9],
  ['LA', '+856', 'Laos', 8, 10],
  ['MY', '+60', 'Malaysia', 9, 10],
  ['SG', '+65', 'Singapore', 8, 8],
  ['ID', '+62', 'Indonesia', 9, 12],
  ['PH', '+63', 'Philippines', 10, 10],
  ['CN', '+86', 'China', 11, 11],
  ['HK', '+852', 'Hong Kong', 8, 8],
  ['TW', '+886', 'Taiwan', 9, 9],
  ['JP', '+81', 'Japan', 10, 10],
  ['KR', '+82', 'South Korea', 9, 10],
  ['MN', '+976', 'Mongolia', 8, 8],
  ['IN', '+91', 'India', 10, 10],
  ['BD', '+880', 'Bangladesh', 10, 10],
  ['PK', '+92', 'Pakistan', 10, 10],
  ['NP', '+977', 'Nepal', 10, 10],
  ['LK', '+94', 'Sri Lanka', 9, 9],
  ['AE', '+971', 'United Arab Emirates', 9, 9],
  ['SA', '+966', 'Saudi Arabia', 9, 9],
  ['IR', '+98', 'Iran', 10, 10],
  ['TR', '+90', 'Türkiye', 10, 10],
  ['RU', '+7', 'Russia', 10, 10],
  ['UA', '+380', 'Ukraine', 9, 9],
  ['GB', '+44', 'United Kingdom', 10, 10],
  ['FR', '+33', 'France', 9, 9],
  ['DE', '+49', 'Germany', 10, 11],
  ['IT', '+39', 'Italy', 9, 10],
  ['ES', '+34', 'Spain', 9, 9],
  ['PT', '+351', 'Portugal', 9, 9],
  ['NL', '+31', 'Netherlands', 9, 9],
  ['PL', '+48', 'Poland', 9, 9],
  ['KE', '+254', 'Kenya', 9, 9],
  ['TZ', '+255', 'Tanzania', 9, 9],
  ['NG', '+234', 'Nigeria', 10, 10],
  ['EG', '+20', 'Egypt', 10, 10],
  ['BR', '+55', 'Brazil', 10, 11],
  ['MX', '+52', 'Mexico', 10, 10],
  ['US', '+1', 'United States', 10, 10],
  ['AU', '+61', 'Australia', 9, 9],
];

export const COUNTRIES: readonly TCountry[] = ROWS.map(([countryCode, countryDialingCode, name, mobileMinLength, mobileMaxLength]) => ({
  countryCode,
  countryDialingCode,
  name,
  mobileMinLength,
  mobileMaxLength,
}));

const BY_DIALING_CODE = new Map(COUNTRIES.map((c) => [c.countryDialingCode, c]));

export interface TPhone {
  countryDialingCode: string;
  /** National number without the trunk 0, as stored. */
  mobile: string;
}

/**
 * The stored form of a number typed as dialing code + national number: the trunk 0 dropped, the
 * digit count checked for the country. Refuses with the spec's phone errors.
 */
export function normalizePhone(countryDialingCode: string | undefined, mobileNum: string | undefined): TPhone {
  const typed = (mobileNum ?? '').trim();
  if (typed === '') throw new AppError('sms_missing_phone');
  const country = countryDialingCode ? BY_DIALING_CODE.get(countryDialingCode) : undefined;
  if (!country || !/^[0-9]+$/.test(typed)) throw new AppError('sms_invalid_phone');
  const mobile = typed.replace(/^0+/, '');
  if (mobile.length < country.mobileMinLength || mobile.length > country.mobileMaxLength) {
    throw new AppError('sms_invalid_phone', { min: country.mobileMinLength, max: country.mobileMaxLength });
  }
  return { countryDialingCode: country.countryDialingCode, mobile };
}
