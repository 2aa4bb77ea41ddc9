// The schema of the sandbox's database, one migration per change (core/db.ts runs the ones a database lacks).

/**
 * Rebuilds checkout_sessions with these payment methods allowed (SQLite cannot change a column in place), keeping every
 * row; migrations 4 (owners may be null) and 9 (the device wallet) each run it once.
 */
function rebuildCheckoutSessions(methods: string): string {
  return `
  CREATE TABLE checkout_sessions_new (
    id TEXT PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE CASCADE, -- null: an anonymous visitor (one-time gifts only)
    kind TEXT NOT NULL CHECK (kind IN ('credit', 'subscription', 'donation', 'update-payment')),
    method TEXT NOT NULL CHECK (method IN (${methods})),
    currency TEXT NOT NULL,
    amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
    description TEXT NOT NULL,
    payload TEXT NOT NULL DEFAULT '{}',
    success_url TEXT NOT NULL,
    cancel_url TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open'
      CHECK (status IN ('open', 'requires_action', 'paid', 'refused', 'canceled', 'expired')),
    result_message TEXT,
    idempotency_key TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    paid_at TEXT,
    fulfilled_at TEXT,
    failed_url TEXT,
    card_last4 TEXT,
    UNIQUE (user_id, idempotency_key)
  );
  INSERT INTO checkout_sessions_new
    (id, user_id, kind, method, currency, amount_minor, description, payload, success_url, cancel_url, status, result_message,
     idempotency_key, created_at, expires_at, paid_at, fulfilled_at, failed_url, card_last4)
  SELECT id, user_id, kind, method, currency, amount_minor, description, payload, success_url, cancel_url, status, result_message,
     idempotency_key, created_at, expires_at, paid_at, fulfilled_at, failed_url, card_last4
    FROM checkout_sessions;
  DROP TABLE checkout_sessions;
  ALTER TABLE checkout_sessions_new RENAME TO checkout_sessions;
  -- anonymous sessions share one key space (UNIQUE above does not apply to a null user_id)
  CREATE UNIQUE INDEX checkout_sessions_anonymous_key ON checkout_sessions (idempotency_key)
    WHERE user_id IS NULL AND idempotency_key IS NOT NULL;`;
}

/** Each entry moves the schema one version up. Append only: never change what a shipped entry does. */
export const MIGRATIONS: readonly string[] = [
  // 1: accounts, tokens, mail, login attempts
  `
  CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    email TEXT NOT NULL UNIQUE,              -- stored lowercased
    password_hash TEXT NOT NULL,
    country_code TEXT,                       -- ISO 3166-1 alpha-2
    gender TEXT NOT NULL DEFAULT 'None' CHECK (gender IN ('None', 'Male', 'Female')),
    phone_number TEXT NOT NULL DEFAULT '',
    type INTEGER NOT NULL DEFAULT 0 CHECK (type IN (0, 1)),
    credit_balance INTEGER NOT NULL DEFAULT 0, -- credits (1 credit = 0.1 dollars)
    role TEXT NOT NULL DEFAULT 'listener' CHECK (role IN ('listener', 'artist', 'admin')),
    email_verified_at TEXT,
    joined_at TEXT NOT NULL,
    avatar TEXT,
    dob TEXT,
    bio TEXT,
    genre TEXT
  );
  CREATE TABLE subscriptions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
    recurring INTEGER NOT NULL CHECK (recurring IN (0, 1)),
    canceled INTEGER NOT NULL DEFAULT 0 CHECK (canceled IN (0, 1)),
    change_amount INTEGER NOT NULL DEFAULT 0 CHECK (change_amount IN (0, 1)),
    current_amount_cents INTEGER NOT NULL,
    next_amount_cents INTEGER,
    end_date TEXT NOT NULL,
    schedule_start_date TEXT,
    created_at TEXT NOT NULL
  );
  CREATE TABLE tokens (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('access', 'verify', 'reset', 'app')),
    token_hash TEXT NOT NULL UNIQUE,         -- sha256 hex of the token; the token itself is never stored
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT                             -- consumed (one-time kinds) or revoked (access)
  );
  CREATE INDEX tokens_user ON tokens (user_id, kind);
  CREATE TABLE mail (
    id INTEGER PRIMARY KEY,
    to_addr TEXT NOT NULL,
    subject TEXT NOT NULL,
    text TEXT NOT NULL,
    links TEXT NOT NULL,                     -- JSON array of the URLs in text
    sent_at TEXT NOT NULL
  );
  CREATE TABLE login_attempts (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL,                      -- 'login' (failed logins) or 'forgot' (reset requests)
    email TEXT NOT NULL,
    ip TEXT NOT NULL,
    at TEXT NOT NULL
  );
  CREATE INDEX login_attempts_email ON login_attempts (kind, email, at);
  CREATE INDEX login_attempts_ip ON login_attempts (kind, ip, at);
  `,
  // 2: hosted checkout sessions (credits now; subscriptions, donations, payment updates later), credit history, gift codes
  `
  CREATE TABLE checkout_sessions (
    id TEXT PRIMARY KEY,                     -- 'cs_' + random base64url
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    kind TEXT NOT NULL CHECK (kind IN ('credit', 'subscription', 'donation', 'update-payment')),
    method TEXT NOT NULL CHECK (method IN ('credit_card', 'wechat', 'gcash', 'grab_pay')),
    currency TEXT NOT NULL,                  -- ISO 4217, e.g. USD, PHP
    amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0), -- in the currency's minor unit (cents, centavos)
    description TEXT NOT NULL,               -- what is paid for, shown on the checkout page
    payload TEXT NOT NULL DEFAULT '{}',      -- JSON, kind-specific (credit: {identifier, credits, purchasefor})
    success_url TEXT NOT NULL,               -- {CHECKOUT_SESSION_ID} already replaced
    cancel_url TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'open'
      CHECK (status IN ('open', 'requires_action', 'paid', 'refused', 'canceled', 'expired')),
    result_message TEXT,                     -- the decline message of a refused payment
    idempotency_key TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,                -- unpaid sessions expire (24 h)
    paid_at TEXT,
    fulfilled_at TEXT,                       -- what was bought has been granted (once)
    UNIQUE (user_id, idempotency_key)
  );
  CREATE TABLE redemption_codes (
    code TEXT PRIMARY KEY,                   -- 'SM-XXXX-XXXX-XXXX'
    credits INTEGER NOT NULL CHECK (credits > 0),
    created_by INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    redeemed_by INTEGER REFERENCES users(id) ON DELETE SET NULL,
    redeemed_at TEXT
  );
  CREATE TABLE credit_transactions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    trx_ref TEXT NOT NULL,                   -- the checkout session id
    created_at TEXT NOT NULL,
    purchase_channel TEXT NOT NULL CHECK (purchase_channel IN ('card', 'wechat', 'gcash', 'grab_pay')),
    amount_credit INTEGER NOT NULL CHECK (amount_credit > 0),
    final_currency TEXT NOT NULL,
    final_amount_minor INTEGER NOT NULL,
    redemption_code TEXT REFERENCES redemption_codes(code) ON DELETE SET NULL, -- null when bought for oneself
    session_id TEXT NOT NULL UNIQUE REFERENCES checkout_sessions(id) ON DELETE CASCADE -- fulfilment happens once
  );
  CREATE INDEX credit_transactions_user ON credit_transactions (user_id, created_at);
  `,
  // 3: memberships: payments, the card of a monthly membership, failure returns of sessions
  `
  ALTER TABLE checkout_sessions ADD COLUMN failed_url TEXT;   -- where a refused payment returns (null: success_url)
  ALTER TABLE checkout_sessions ADD COLUMN card_last4 TEXT;   -- the test card entered on the checkout page
  ALTER TABLE subscriptions ADD COLUMN card_last4 TEXT;       -- the card a monthly membership renews with
  CREATE INDEX subscriptions_end ON subscriptions (end_date);
  CREATE TABLE subscription_payments (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    session_id TEXT UNIQUE REFERENCES checkout_sessions(id) ON DELETE SET NULL, -- null for renewals; granting happens once
    kind TEXT NOT NULL CHECK (kind IN ('initial', 'renewal', 'one-time')),
    amount_minor INTEGER NOT NULL CHECK (amount_minor >= 0),
    currency TEXT NOT NULL,
    charged_at TEXT NOT NULL
  );
  CREATE INDEX subscription_payments_user ON subscription_payments (user_id, charged_at);
  `,
  // 4: checkout sessions without an owner (anonymous one-time gifts). SQLite cannot drop NOT NULL, so the table is
  // rebuilt (migrate() runs with foreign keys off and checks them before committing; references stay by name).
  rebuildCheckoutSessions("'credit_card', 'wechat', 'gcash', 'grab_pay'"),
  // 5: missions and the gifts people give to them (one-time and monthly)
  `
  CREATE TABLE missions (
    id INTEGER PRIMARY KEY,
    organization TEXT NOT NULL,
    title TEXT NOT NULL,
    description TEXT NOT NULL,               -- plain text, paragraphs separated by blank lines; stored exactly as given
    banners TEXT NOT NULL DEFAULT '[]',      -- JSON array of image URLs (absolute, or paths on the sandbox)
    total_donation_minor INTEGER NOT NULL DEFAULT 0 CHECK (total_donation_minor >= 0), -- USD cents
    created_at TEXT NOT NULL,
    active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
  );
  CREATE TABLE donation_gifts (
    id INTEGER PRIMARY KEY,
    user_id INTEGER REFERENCES users(id) ON DELETE SET NULL, -- null: anonymous (or a deleted account)
    mission_id INTEGER NOT NULL REFERENCES missions(id),
    session_id TEXT UNIQUE REFERENCES checkout_sessions(id) ON DELETE SET NULL, -- null for monthly renewals; granted once
    stripe_charge_id TEXT NOT NULL UNIQUE,   -- the session id for checkout gifts, 'ch_…' for renewals
    amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
    currency TEXT NOT NULL,
    recurring INTEGER NOT NULL CHECK (recurring IN (0, 1)),
    charged_at TEXT NOT NULL,
    billing_fee_minor INTEGER NOT NULL,      -- the card provider's fee: round(2.9% + 30 cents)
    fee_minor INTEGER NOT NULL DEFAULT 0,    -- the platform's fee (none)
    net_minor INTEGER NOT NULL               -- amount - billing fee - fee
  );
  CREATE INDEX donation_gifts_user ON donation_gifts (user_id, charged_at);
  CREATE TABLE donation_subscriptions (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    mission_id INTEGER NOT NULL REFERENCES missions(id),
    amount_minor INTEGER NOT NULL CHECK (amount_minor > 0),
    currency TEXT NOT NULL,
    next_donation_at TEXT NOT NULL,
    created_at TEXT NOT NULL,
    canceled_at TEXT
  );
  CREATE UNIQUE INDEX donation_subscriptions_active ON donation_subscriptions (user_id, mission_id) WHERE canceled_at IS NULL;
  CREATE INDEX donation_subscriptions_due ON donation_subscriptions (next_donation_at) WHERE canceled_at IS NULL;
  `,
  // 6: a small catalogue and content purchases (the history's content list, downloads)
  `
  CREATE TABLE artists (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL
  );
  CREATE TABLE albums (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    artist_id INTEGER NOT NULL REFERENCES artists(id)
  );
  CREATE TABLE songs (
    id INTEGER PRIMARY KEY,
    title TEXT NOT NULL,
    artist_id INTEGER NOT NULL REFERENCES artists(id),
    album_id INTEGER REFERENCES albums(id),  -- null: a single
    track INTEGER
  );
  CREATE TABLE content_purchases (
    id INTEGER PRIMARY KEY,
    uid TEXT NOT NULL UNIQUE,                -- the purchase reference shown in the history
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    song_id INTEGER REFERENCES songs(id),    -- exactly one of song_id, album_id
    album_id INTEGER REFERENCES albums(id),
    credits INTEGER NOT NULL CHECK (credits >= 0),
    created_at TEXT NOT NULL,
    CHECK ((song_id IS NULL) <> (album_id IS NULL))
  );
  CREATE INDEX content_purchases_user ON content_purchases (user_id, created_at);
  `,
  // 7: survey answers and the newsletter
  `
  CREATE TABLE survey_responses (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    survey_id TEXT NOT NULL,
    answers TEXT NOT NULL,                   -- JSON [{id, feedback: [{option, value}]}]
    submitted_at TEXT NOT NULL,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (user_id, survey_id)
  );
  CREATE TABLE newsletter_subscribers (
    email TEXT PRIMARY KEY,                  -- lowercased
    subscribed_at TEXT NOT NULL
  );
  `,
  // 8: social sign-in (Firebase): which Firebase user of which provider signs in as which account
  `
  CREATE TABLE social_identities (
    id INTEGER PRIMARY KEY,
    provider TEXT NOT NULL CHECK (provider IN ('google.com', 'facebook.com', 'apple.com')),
    provider_uid TEXT NOT NULL,              -- the Firebase uid (the ID token's sub)
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    email TEXT,                              -- the token's email when linked (lowercased)
    linked_at TEXT NOT NULL,
    UNIQUE (provider, provider_uid)
  );
  CREATE INDEX social_identities_user ON social_identities (user_id);
  `,
  // 9: roles at work (admin calls: blocking, deletion by anonymising, membership checks), the
  // account dashboard (terms, bank accounts for payouts), artists linked to their account, and the device wallet
  // (Apple Pay) as a payment method: checkout_sessions.method and credit_transactions.purchase_channel are rebuilt to
  // allow 'apple_pay' (as in 4: foreign keys off, references stay by name).
  `
  ALTER TABLE users ADD COLUMN blocked_at TEXT;          -- set: no sign-in, every session revoked (admin block)
  ALTER TABLE users ADD COLUMN deleted_at TEXT;          -- set: personal data removed, the row kept for the money records
  ALTER TABLE users ADD COLUMN terms_accepted_at TEXT;   -- the terms of use accepted at
  ALTER TABLE artists ADD COLUMN user_id INTEGER REFERENCES users(id) ON DELETE SET NULL; -- the artist's account, if any

  ${rebuildCheckoutSessions("'credit_card', 'wechat', 'gcash', 'grab_pay', 'apple_pay'")}

  CREATE TABLE credit_transactions_v9 (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    trx_ref TEXT NOT NULL,
    created_at TEXT NOT NULL,
    purchase_channel TEXT NOT NULL CHECK (purchase_channel IN ('card', 'wechat', 'gcash', 'grab_pay', 'apple_pay')),
    amount_credit INTEGER NOT NULL CHECK (amount_credit > 0),
    final_currency TEXT NOT NULL,
    final_amount_minor INTEGER NOT NULL,
    redemption_code TEXT REFERENCES redemption_codes(code) ON DELETE SET NULL,
    session_id TEXT NOT NULL UNIQUE REFERENCES checkout_sessions(id) ON DELETE CASCADE
  );
  INSERT INTO credit_transactions_v9
    (id, user_id, trx_ref, created_at, purchase_channel, amount_credit, final_currency, final_amount_minor, redemption_code, session_id)
  SELECT id, user_id, trx_ref, created_at, purchase_channel, amount_credit, final_currency, final_amount_minor, redemption_code, session_id
    FROM credit_transactions;
  DROP TABLE credit_transactions;
  ALTER TABLE credit_transactions_v9 RENAME TO credit_transactions;
  CREATE INDEX credit_transactions_user ON credit_transactions (user_id, created_at);

  CREATE TABLE bank_accounts (
    user_id INTEGER PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE, -- one payout account per person
    bank_name TEXT NOT NULL,
    account_name TEXT NOT NULL,
    account_last4 TEXT NOT NULL,
    account_hash TEXT NOT NULL,              -- HMAC-SHA256 of the digits (key: meta bank_hash_key); the number is never stored
    routing_number TEXT,
    country_code TEXT NOT NULL,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  );
  CREATE TABLE subscription_checks (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    checked_by INTEGER REFERENCES users(id) ON DELETE SET NULL, -- the admin who asked
    active INTEGER NOT NULL CHECK (active IN (0, 1)),
    end_date TEXT,
    checked_at TEXT NOT NULL
  );
  CREATE INDEX subscription_checks_user ON subscription_checks (user_id, checked_at);
  CREATE TABLE wallet_payments (
    transaction_id TEXT PRIMARY KEY,         -- the wallet's transactionIdentifier: each is used once
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    session_id TEXT NOT NULL UNIQUE REFERENCES checkout_sessions(id) ON DELETE CASCADE, -- the payment's record
    result_code TEXT NOT NULL CHECK (result_code IN ('Authorised', 'Refused')),
    message TEXT NOT NULL,
    created_at TEXT NOT NULL
  );
  `,
  // 10: hardening. Password checks are counted per email and client, and a success stops counting that email's
  // failures from that client (cleared) while they still count for the client; tokens get the kind 'terms' (the
  // short-lived proof that lets a person accept the terms before their first sign-in), which needs the table rebuilt
  // (nothing references tokens).
  `
  ALTER TABLE login_attempts ADD COLUMN cleared INTEGER NOT NULL DEFAULT 0; -- 1: a later success from the same client
  CREATE INDEX login_attempts_email_ip ON login_attempts (kind, email, ip, at);

  CREATE TABLE tokens_v10 (
    id INTEGER PRIMARY KEY,
    kind TEXT NOT NULL CHECK (kind IN ('access', 'verify', 'reset', 'app', 'terms')),
    token_hash TEXT NOT NULL UNIQUE,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT
  );
  INSERT INTO tokens_v10 (id, kind, token_hash, user_id, created_at, expires_at, used_at)
    SELECT id, kind, token_hash, user_id, created_at, expires_at, used_at FROM tokens;
  DROP TABLE tokens;
  ALTER TABLE tokens_v10 RENAME TO tokens;
  CREATE INDEX tokens_user ON tokens (user_id, kind);
  `,
  // 11: hardening, second round. A password check from a browser that signed in to the account before names it (the
  // device proof's random part): that browser keeps an allowance of its own however the account is attacked.
  `
  ALTER TABLE login_attempts ADD COLUMN device TEXT; -- the device proof's id, or NULL for a client without one
  CREATE INDEX login_attempts_device ON login_attempts (kind, email, device, at);
  `,
  // 12: sign-ups of an address not verified yet. Each one (the first, which made the account, and any later one) is
  // kept with the person it named and the hash of its verification link, until the address is verified: when there was
  // more than one, verifying does not activate a password the inbox owner may not have chosen.
  `
  CREATE TABLE signups (
    id INTEGER PRIMARY KEY,
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    country_code TEXT,
    gender TEXT NOT NULL DEFAULT 'None',
    phone_number TEXT NOT NULL DEFAULT '',
    verify_token_hash TEXT UNIQUE,           -- sha256 of this sign-up's verification link (tokens.token_hash)
    created_at TEXT NOT NULL
  );
  CREATE INDEX signups_user ON signups (user_id);
  `,
  // 13: whoever proves the inbox holds the account. A social sign-in records whether the provider vouched for the email
  // when it was linked (one linked before this counts as vouched when the account was verified by then); a link the
  // provider did not vouch for ends (revoked_at) when the owner proves the address by a reset or a verification link.
  // Device proofs are kept per browser, so that a reset, a password change or "sign out everywhere" ends them.
  `
  ALTER TABLE social_identities ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 1;
  ALTER TABLE social_identities ADD COLUMN revoked_at TEXT;
  UPDATE social_identities SET email_verified = 0
    WHERE (SELECT email_verified_at FROM users WHERE users.id = social_identities.user_id) IS NULL
       OR linked_at < (SELECT email_verified_at FROM users WHERE users.id = social_identities.user_id);
  CREATE TABLE device_proofs (
    id TEXT PRIMARY KEY,                     -- the proof's random id (the HMAC is never stored)
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    last_used_at TEXT NOT NULL,
    revoked_at TEXT
  );
  CREATE INDEX device_proofs_user ON device_proofs (user_id);
  `,
];
