/** Business constants and limits of spec §9. Durations in milliseconds unless the name says otherwise. */
export const REMEMBER_ME_MS = 24 * 60 * 60 * 1000;
/** The SMS send button waits 60 s for every minute the code is valid (value.expiredMinutes). */
export const SMS_COUNTDOWN_SECONDS_PER_EXPIRED_MINUTE = 60;
export const SMS_PROVIDER_COUNTDOWN_SECONDS = 60;
export const SMS_LOCKOUT_MS = 5 * 60 * 1000;
export const SMS_BUTTON_THROTTLE_MS = 1000;
export const CAPTCHA_REFRESH_MIN_MS = 1000;
export const COUNTRY_DROPDOWN_BLUR_CLOSE_MS = 200;
export const NAV_DROPDOWN_MAX_VENDORS = 15;
export const NAV_DROPDOWN_CENTERED_MAX = 8;
export const NOTICES_PER_PAGE = 10;
export const POPULAR_NUMBERS_COUNT = 20;
export const VN_NUMBERS_COUNT = 100;
export const REALTIME_SALARY_INTERVAL_MS = 5 * 60 * 1000;
export const CONTRACT_PERIODS = ['daily', 'weekly', 'semimonthly', 'monthly'] as const;
/** The four contract kinds of agent-contracts.md (here, below both the agent and the wallet calls that name them). */
export const CONTRACT_KINDS = ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] as const;
export const ACTIVITY_REMARK_MAX = 140;
export const ACTIVITY_IMAGES_MAX = 3;
export const ACTIVITY_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const ACTIVITY_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;
/** A custom avatar: PNG or JPEG, checked by content, at most this many bytes (spec silent; decisions.md). */
export const AVATAR_MAX_BYTES = 1024 * 1024;
export const FEEDBACK_MAX = 140;
export const AGE_AGREEMENT = 18;
export const AGE_BIRTHDAY_CONFIRMATION = 21;
export const ANNOUNCEMENT_PLATFORM = 'W';
export const ANNOUNCEMENT_TYPES = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const LAUNCH = {
  accountType: 1,
  confirmTrans: 0,
  clientType: 3,
  launchMode: 'GLS',
  platform: 'html5-desktop',
} as const;
export const HOT_GAMES = { isPlatform: 2, platform: 'flash,html5-desktop' } as const;
export const CURRENCY = 'VND';
/** Money on the wire and in the database: integer minor units, 1/100 of the currency. */
export const MINOR_UNITS_PER_MAJOR = 100;
export const FOOTER_PROVIDER_COUNT = 47;
export const LAZY_IMAGE = { attempts: 3, preload: 1.3, throttleMs: 200, cache: 200, threshold: 0.1 } as const;
export const INFINITE_SCROLL_THROTTLE_MS = 200;
export const MODAL_DEFAULT_SIZE = { width: 600, height: 300 } as const;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHAT_HEADER_COLOUR = '#6142bf';
/** Account types: 1, 2, 41, 42 see the agent centre; 4 is the free-play (trial) account. */
export const AGENT_ACCOUNT_TYPES = [1, 2, 41, 42] as const;
export const TRIAL_ACCOUNT_TYPE = 4;
/**
 * System status of GET /wps/system/status. 3 (ours, issue 22): the `url` the page was opened on is not one of the
 * merchant's domains, so the web shows "Invalid URL, please contact customer service" (spec §8) instead of the site.
 */
export const SYSTEM_STATUS = { normal: 0, maintenance: 1, regionBlocked: 2, invalidUrl: 3 } as const;
