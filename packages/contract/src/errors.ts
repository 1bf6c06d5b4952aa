/**
 * The error catalogue (spec §8) as stable codes. The web translates `code` (locale key `error.<code>`);
 * `message` is the English fallback the server sends. `status` is the honest HTTP status.
 */
export const ERROR_CODES = {
  // transport and validation
  validation_failed: { status: 400, message: 'Input is invalid' },
  unknown_field: { status: 400, message: 'Input has a field that is not allowed' },
  bad_json: { status: 400, message: 'Request body is not valid JSON' },
  payload_too_large: { status: 413, message: 'Request body is too large' },
  unsupported_media_type: { status: 415, message: 'Unsupported content type' },
  encryption_required: { status: 400, message: 'This call must be encrypted' },
  bad_encryption: { status: 400, message: 'The encrypted body could not be read' },
  not_found: { status: 404, message: 'Not found' },
  method_not_allowed: { status: 405, message: 'Method not allowed' },
  rate_limited: { status: 429, message: 'Too many requests, please try again later' },
  not_implemented: { status: 501, message: 'This function is not available yet' },
  system_error: { status: 500, message: 'System error' },
  unknown_error: { status: 500, message: 'Unknown error' },
  // session and roles
  not_logged_in: { status: 401, message: 'You are not logged in, please login' },
  session_expired: { status: 401, message: 'Your session has expired, please login again' },
  forbidden: { status: 403, message: 'You are not allowed to do this' },
  in_need_true_account: { status: 403, message: 'A real account is needed for this' },
  non_member_login: { status: 403, message: 'Non-member account unable to login' },
  non_agent_login: { status: 403, message: 'Non-agents cannot log in' },
  bad_credentials: { status: 401, message: 'Incorrect account or password' },
  account_locked: { status: 423, message: 'This account is locked, please contact customer service' },
  username_email_not_found: { status: 404, message: 'Username/Email does not exist' },
  verification_required: { status: 403, message: 'Please complete verification first' },
  second_verification_required: { status: 403, message: 'Login from a new IP needs a second verification' },
  invitation_code_error: { status: 400, message: 'Invitation code error' },
  username_taken: { status: 409, message: 'This username is already registered' },
  mobile_taken: { status: 409, message: 'This mobile number is already registered' },
  email_taken: { status: 409, message: 'This e-mail address is already registered' },
  id_number_taken: { status: 409, message: 'This ID number is already registered' },
  mobile_not_registered: { status: 404, message: 'This mobile number is not registered' },
  password_mismatch: { status: 400, message: 'Incorrect confirmation input' },
  name_characters: { status: 400, message: 'Names cannot hold hidden, direction-changing or look-alike characters, spaces or symbols' },
  invalid_link: { status: 400, message: 'A link must start with http://, https:// or / (a page of this site)' },
  password_incorrect: { status: 400, message: 'The current password is incorrect' },
  password_unchanged: { status: 400, message: 'The new password must differ from the current one' },
  reset_link_invalid: { status: 400, message: 'This reset link is invalid or has expired, please ask for a new one' },
  invalid_url: { status: 403, message: 'Invalid URL, please contact customer service' },
  third_party_unavailable: { status: 403, message: 'This login method is not available' },
  third_party_failed: { status: 400, message: 'The login with this provider did not succeed, please try again' },
  third_party_expired: { status: 400, message: 'This login has expired or was already used, please try again' },
  third_party_no_account: { status: 403, message: 'No account is linked to this login and registration is closed' },
  // site state
  maintenance: { status: 503, message: 'The site is under maintenance' },
  region_blocked: { status: 403, message: 'IP restricted or region blocked' },
  game_maintenance: { status: 503, message: 'This game is under maintenance, please try another game' },
  // captcha and SMS
  captcha_required: { status: 400, message: 'Please enter the verification code' },
  captcha_failed: { status: 400, message: 'Captcha check failed, please pass the image check' },
  sms_invalid_phone: { status: 400, message: 'Invalid phone number' },
  sms_missing_phone: { status: 400, message: 'Missing phone number' },
  sms_too_many_requests: { status: 429, message: 'Too many requests, try again after 5 minutes' },
  sms_invalid_code: { status: 400, message: 'Invalid verification code' },
  sms_missing_code: { status: 400, message: 'Missing verification code' },
  sms_code_expired: { status: 400, message: 'The code has expired, please send again' },
  sms_quota_exceeded: { status: 429, message: 'Quota exceeded, please contact customer service' },
  operation_not_allowed: { status: 403, message: 'Operation not allowed, please contact customer service' },
  // provider-based phone verification (issue 22, phone-provider.ts)
  sms_unknown: { status: 400, message: 'Unknown error, please try again' },
  sms_popup_closed: { status: 400, message: 'Login failed, please try again' },
  phone_token_invalid: { status: 400, message: 'Phone verification failed, please verify your number again' },
  // money
  insufficient_balance: { status: 409, message: 'Insufficient balance' },
  duplicate_request: { status: 409, message: 'This request was already processed' },
  conflict: { status: 409, message: 'The request conflicts with the current state' },
  amount_out_of_range: { status: 400, message: 'The amount is outside the allowed range' },
  payment_password_required: { status: 400, message: 'Transaction password required' },
  // value: { attemptsLeft }
  payment_password_wrong: { status: 400, message: 'Incorrect transaction password' },
  payment_password_locked: { status: 423, message: 'Transaction password locked after repeated failures, try later' },
  account_frozen: { status: 403, message: 'This account is frozen until its overdue dividend is paid' },
  invalid_image: { status: 400, message: 'Images must be PNG or JPEG and under 5MB' },
  payee_name_mismatch: { status: 400, message: 'The account name must be your real name (payee name)' },
  bank_card_exists: { status: 409, message: 'This bank card is already bound' },
  bank_card_limit: { status: 409, message: 'You have bound the most bank cards allowed' },
  withdrawal_daily_limit: { status: 409, message: 'Daily withdrawal limit reached, please try again tomorrow' },
  // online gateway callbacks (server to server)
  bad_signature: { status: 401, message: 'The signature is invalid' },
  stale_request: { status: 400, message: 'The request timestamp is too old or too far ahead' },
  replayed_request: { status: 409, message: 'This request was already received' },
  amount_mismatch: { status: 409, message: 'The amount does not match the order' },
  // agent contracts; contract_auto_terminate value: { contracts } that confirming would terminate
  contract_auto_terminate: { status: 409, message: 'Downline contracts with a higher rate will be terminated' },
  contract_rate_exceeds_upline: { status: 409, message: "A downline's rate cannot exceed its upline's" },
  // value: { kind }; an upline gives only from a contract of the kind it holds itself (agent-contracts.md)
  contract_not_held: { status: 409, message: 'You hold no contract of this kind yourself, so you cannot offer one' },
  contract_pending: { status: 409, message: 'Another change of this contract is awaiting consent' },
  // lottery
  betting_closed: { status: 409, message: 'Betting on this draw is closed' },
  draw_void: { status: 409, message: 'This draw was voided' },
  invalid_numbers: { status: 400, message: 'The numbers do not fit this bet type' },
  slip_total_changed: { status: 409, message: 'The total changed, please check the bet slip' },
  // promotions (issue 17); activity_not_eligible value: { reasons } (INELIGIBLE_REASONS)
  activity_closed: { status: 409, message: 'This activity is closed' },
  activity_not_eligible: { status: 403, message: 'You are not eligible for this activity' },
  activity_transition_refused: { status: 409, message: 'This is not possible at this stage of the activity' },
  activity_limit_reached: { status: 409, message: 'You have reached the limit of this activity' },
  activity_budget_exhausted: { status: 409, message: 'The budget of this activity has been used up' },
  already_checked_in: { status: 409, message: 'You have already checked in today' },
  too_many_images: { status: 400, message: 'At most 3 images can be uploaded' },
  reward_not_found: { status: 404, message: 'Reward not found' },
  reward_already_claimed: { status: 409, message: 'This reward has already been claimed' },
  reward_expired: { status: 409, message: 'The time to claim this reward has passed' },
  // value: { remaining } valid bet still needed
  turnover_open: { status: 409, message: 'Withdrawal is not possible until the bonus turnover is met' },
  // responsible gaming (issue 22); `value` carries the figures (limit, used, period, resetsAt / until)
  rg_deposit_limit: { status: 409, message: 'This deposit would go over your deposit limit' },
  rg_loss_limit: { status: 409, message: 'This bet would go over your loss limit' },
  rg_on_break: { status: 403, message: 'You are taking a break: deposits, bets and transfers are paused until it ends' },
  rg_self_excluded: { status: 403, message: 'This account is self-excluded; it cannot be used until the exclusion ends' },
  rg_whole_amount: { status: 400, message: 'A limit must be a whole amount' },
  rg_break_shorter: { status: 409, message: 'A new break cannot end sooner than the one you are on' },
  envelope_not_open: { status: 409, message: 'This red envelope rain is not on now' },
  envelope_already_opened: { status: 409, message: 'You have already opened an envelope in this rain' },
  envelopes_gone: { status: 409, message: 'Every envelope of this rain has been opened' },
  raffle_not_drawn: { status: 409, message: 'The raffle has not been drawn yet' },
  raffle_no_prize: { status: 404, message: 'You have no prize to claim in this raffle' },
  // loyalty (issue 18)
  points_not_enough: { status: 409, message: 'Not enough points' },
  redeem_item_not_found: { status: 404, message: 'This item is not in the points mall' },
  redeem_item_off: { status: 409, message: 'This item is not available now' },
  // value: { left } units still in stock
  redeem_sold_out: { status: 409, message: 'This item is sold out' },
  // value: { kind: 'deposit' | 'validBet', required, done } over the last 30 days
  redeem_requirement_not_met: { status: 409, message: 'You have not met the requirement of this item yet' },
  redeem_address_required: { status: 400, message: 'Please enter the delivery address' },
  redeem_address_not_needed: { status: 400, message: 'This item is not shipped, no address is needed' },
  exchange_not_found: { status: 404, message: 'Exchange record not found' },
  exchange_not_applying: { status: 409, message: 'This exchange has already been processed' },
  points_convert_disabled: { status: 409, message: 'Converting points is not available now' },
  // value: { min }
  points_convert_below_min: { status: 400, message: 'The points to convert are below the minimum' },
  birthday_already_set: { status: 409, message: 'Your birthday has already been confirmed' },
  birthday_too_young: { status: 400, message: 'You must be 21 or older to confirm your birthday' },
  mission_not_found: { status: 404, message: 'Mission not found' },
  mission_not_complete: { status: 409, message: 'This mission is not completed yet' },
  mission_already_claimed: { status: 409, message: 'This mission has already been claimed' },
  referral_self: { status: 400, message: 'You cannot use your own referral code' },
  referral_already_bound: { status: 409, message: 'A referral code is already linked to your account' },
  referral_bind_closed: { status: 409, message: 'A referral code can only be linked within 7 days of registering' },
  // value: { limit, left } the amount the member's VIP level allows per day and what is left of it today
  withdrawal_daily_amount: { status: 409, message: 'This withdrawal is more than your daily withdrawal limit allows' },
  // messages, feedback and the chat room (issue 19)
  message_not_found: { status: 404, message: 'Message not found' },
  chat_room_not_found: { status: 404, message: 'This chat room does not exist' },
  // value: { until } the end of the mute (ISO time)
  chat_muted: { status: 403, message: 'You have been muted in the chat room' },
  chat_banned: { status: 403, message: 'You have been banned from the chat room' },
  chat_rate_limited: { status: 429, message: 'You are sending messages too fast, please wait a moment' },
  // the house sportsbook and esports book (issue 20)
  // value: { min } | { max } minor units
  sports_stake_below_min: { status: 400, message: 'The stake is below the minimum' },
  sports_stake_above_max: { status: 400, message: 'The stake is above the maximum for this market' },
  // value: { max, payout } minor units
  sports_payout_above_max: { status: 400, message: 'The possible payout is above the maximum payout of a bet' },
  sports_market_closed: { status: 409, message: 'Betting on this match has closed' },
  sports_market_suspended: { status: 409, message: 'This market is suspended for the moment' },
  // value: TOddsChanged (sportsbook-api.ts): the slip's legs at today's prices
  sports_odds_changed: { status: 409, message: 'The odds have changed: check the new odds and place the bet again' },
  sports_same_fixture: { status: 400, message: 'Two selections of the same match cannot be combined in a parlay' },
  sports_too_many_legs: { status: 400, message: 'A parlay has at most 10 selections' },
  sports_bet_not_found: { status: 404, message: 'Bet not found' },
  sports_fixture_not_found: { status: 404, message: 'Match not found' },
} as const satisfies Record<string, { status: number; message: string }>;

export type TErrorCode = keyof typeof ERROR_CODES;

export function isErrorCode(code: string): code is TErrorCode {
  return Object.hasOwn(ERROR_CODES, code);
}
