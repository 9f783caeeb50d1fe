// Jitsi Meet (docs/classroom.md "Providers"): a room per lesson whose name is an HMAC of the lesson's
// id under the classroom secret, and, where the server is set up for tokens, a JWT per person:
// HS256 for a self-hosted Jitsi with token authentication, RS256 with `kid` for JaaS (8x8).
import { createHmac, createPrivateKey, type KeyObject } from 'node:crypto';
import { SignJWT } from 'jose';
import { jitsiOrigin, TOKEN_GRACE_MS } from '../../../src/shared/classroom';
import type { Classroom, ClassroomEntry, ClassroomLesson, ClassroomPerson } from './classroom';

export type JitsiTokens =
  | { kind: 'none' }
  | { kind: 'app'; appId: string; appSecret: string }
  | { kind: 'jaas'; kid: string; privateKey: string };

export type JitsiSettings = {
  /** JITSI_DOMAIN: a host name (`meet.jit.si`), or an origin with a scheme for a local test server. */
  domain: string;
  tokens: JitsiTokens;
};

const BASE32 = 'abcdefghijklmnopqrstuvwxyz234567';
/** 26 base32 characters: 130 bits of the HMAC, more than anyone can guess. */
const ROOM_HASH_LENGTH = 26;

function base32(bytes: Buffer): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

/** `somesha-` + HMAC-SHA256(lesson id) under the classroom secret, base32, 26 characters. */
export function roomName(secret: string, lessonId: number): string {
  const digest = createHmac('sha256', secret).update(`lesson:${lessonId}`).digest();
  return `somesha-${base32(digest).slice(0, ROOM_HASH_LENGTH)}`;
}


const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

/** The JaaS tenant (`vpaas-magic-cookie-…`): the part of the key id before the slash. */
export const jaasTenant = (kid: string) => kid.split('/')[0] ?? kid;

export class JitsiClassroom implements Classroom {
  readonly provider = 'jitsi' as const;
  private readonly origin: string;
  private readonly host: string;
  private key: KeyObject | Uint8Array | null = null;

  constructor(
    private readonly settings: JitsiSettings,
    private readonly secret: string,
  ) {
    this.origin = jitsiOrigin(settings.domain);
    this.host = new URL(this.origin).host;
    // A broken key is a configuration error: the server refuses to start rather than fail every join.
    if (settings.tokens.kind === 'jaas') this.key = createPrivateKey(settings.tokens.privateKey);
    if (settings.tokens.kind === 'app') this.key = new TextEncoder().encode(settings.tokens.appSecret);
  }

  /** Whether each person gets a token (and the page embeds the call). */
  get tokens(): boolean {
    return this.settings.tokens.kind !== 'none';
  }

  /** The origin of the IFrame API script, for the CSP; null without tokens (nothing is embedded). */
  get embedOrigin(): string | null {
    return this.tokens ? this.origin : null;
  }

  room(lessonId: number): string {
    return roomName(this.secret, lessonId);
  }

  async enter(lesson: ClassroomLesson, person: ClassroomPerson): Promise<ClassroomEntry> {
    const room = this.room(lesson.id);
    const jwt = await this.token(room, lesson, person);
    const tokens = this.settings.tokens;
    const embedRoom = tokens.kind === 'jaas' ? `${jaasTenant(tokens.kid)}/${room}` : room;
    const link = `${this.origin}/${embedRoom}${jwt ? `?jwt=${jwt}` : ''}`;
    return {
      provider: 'jitsi',
      link,
      embed: jwt ? { domain: this.settings.domain, room: embedRoom, jwt } : null,
    };
  }

  private async token(
    room: string,
    lesson: ClassroomLesson,
    person: ClassroomPerson,
  ): Promise<string | null> {
    const tokens = this.settings.tokens;
    if (tokens.kind === 'none' || !this.key) return null;
    const window = {
      room,
      nbf: seconds(lesson.opensAt),
      exp: seconds(new Date(lesson.endAt.getTime() + TOKEN_GRACE_MS)),
    };
    const user = { id: String(person.userId), name: person.name, avatar: person.avatar ?? '' };
    if (tokens.kind === 'app') {
      return new SignJWT({
        ...window,
        context: { user: { ...user, moderator: person.moderator } },
      })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setAudience('jitsi')
        .setIssuer(tokens.appId)
        .setSubject(this.host)
        .sign(this.key);
    }
    // JaaS reads its flags as the strings "true" and "false"; a learner gets no feature at all.
    return new SignJWT({
      ...window,
      context: {
        user: { ...user, moderator: person.moderator ? 'true' : 'false' },
        features: {
          livestreaming: 'false',
          recording: 'false',
          transcription: 'false',
          'outbound-call': 'false',
        },
      },
    })
      .setProtectedHeader({ alg: 'RS256', kid: tokens.kid, typ: 'JWT' })
      .setAudience('jitsi')
      .setIssuer('chat')
      .setSubject(jaasTenant(tokens.kid))
      .sign(this.key);
  }
}
