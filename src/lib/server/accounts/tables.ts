import {
  type AnyPgColumn,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A customer account. The phone is the login name; a username may be added later. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    rid: text('rid').notNull().unique(),
    phone: text('phone').notNull().unique(),
    username: text('username').unique(),
    /** argon2id PHC string; null for accounts created by a WeChat bind until a password is set. */
    passwordHash: text('password_hash'),
    name: text('name').notNull().default(''),
    email: text('email').notNull().default(''),
    avatar: text('avatar').notNull().default(''),
    /** 0 student, 3 teacher, 1 individual, 2 enterprise (spec section 3); null until attested. */
    organization: smallint('organization'),
    company: text('company').notNull().default(''),
    // Profile attestation (update4profile): the student's teacher, the enterprise's leader, and
    // the region + detailed address the completeness check reads.
    teacher: text('teacher').notNull().default(''),
    teacherPhone: text('teacher_phone').notNull().default(''),
    teacherMail: text('teacher_mail').notNull().default(''),
    companyLeader: text('company_leader').notNull().default(''),
    companyLeaderPhone: text('company_leader_phone').notNull().default(''),
    province: text('province').notNull().default(''),
    city: text('city').notNull().default(''),
    area: text('area').notNull().default(''),
    addressCode: text('address_code').notNull().default(''),
    address: text('address').notNull().default(''),
    inviteCode: text('invite_code').notNull().unique(),
    inviterId: integer('inviter_id').references((): AnyPgColumn => users.id),
    wxOpenid: text('wx_openid').unique(),
    /** The 服务协议/隐私政策 version agreed to at registration, and when (PIPL consent record). */
    agreementVersion: text('agreement_version'),
    agreedAt: at('agreed_at'),
    /** When the customer closed the account (user/close): personal fields are erased then. */
    closedAt: at('closed_at'),
    createdAt: at('created_at').notNull().defaultNow(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  // The console's customer list, newest first (decision 0090).
  (t) => [index('users_created_idx').on(t.createdAt, t.id)],
);

/**
 * One-time SMS codes, stored as salted SHA-256 (see docs/decisions/0005). purpose is the
 * spec's useFor: 0 register, 1 reset, 3 login, 4 WeChat bind.
 */
export const smsCodes = pgTable(
  'sms_codes',
  {
    id: serial('id').primaryKey(),
    phone: text('phone').notNull(),
    purpose: smallint('purpose').notNull(),
    salt: text('salt').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: at('expires_at').notNull(),
    usedAt: at('used_at'),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('sms_codes_phone_purpose_idx').on(t.phone, t.purpose, t.createdAt)],
);

/** A login session: the current access and refresh tokens, kept only as SHA-256 hashes. */
export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessHash: text('access_hash').notNull().unique(),
    refreshHash: text('refresh_hash').notNull().unique(),
    accessExpiresAt: at('access_expires_at').notNull(),
    refreshExpiresAt: at('refresh_expires_at').notNull(),
    /** No refresh extends a session past this moment. */
    absoluteExpiresAt: at('absolute_expires_at').notNull(),
    revokedAt: at('revoked_at'),
    /** `staff`: a console login (shorter, and the only kind /api/admin accepts). */
    kind: text('kind', { enum: ['customer', 'staff'] })
      .notNull()
      .default('customer'),
    ip: text('ip').notNull().default(''),
    userAgent: text('user_agent').notNull().default(''),
    createdAt: at('created_at').notNull(),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/** Refresh tokens already rotated away: presenting one again revokes its session. */
export const retiredRefreshTokens = pgTable('retired_refresh_tokens', {
  hash: text('hash').primaryKey(),
  sessionId: integer('session_id')
    .notNull()
    .references(() => sessions.id, { onDelete: 'cascade' }),
  retiredAt: at('retired_at').notNull(),
});

/**
 * A WeChat QR login attempt. status: pending → confirmed (a bound WeChat user scanned) or
 * need_bind (an unknown one did; bind_key_hash lets the polling browser bind a phone) →
 * consumed (tokens handed out once). A bind ticket (bind_user_id: a signed-in customer binding
 * WeChat in 个人中心) goes pending → bound when scanned.
 */
export const wxLoginTickets = pgTable('wx_login_tickets', {
  ticket: text('ticket').primaryKey(),
  status: text('status', { enum: ['pending', 'need_bind', 'confirmed', 'consumed', 'bound'] })
    .notNull()
    .default('pending'),
  openid: text('openid'),
  userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
  bindKeyHash: text('bind_key_hash').unique(),
  bindUserId: integer('bind_user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: at('expires_at').notNull(),
  createdAt: at('created_at').notNull(),
});
