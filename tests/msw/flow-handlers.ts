// Scripted answers for the UI flow tests (tests/views/flows): an endpoint of the fake API that a
// model event can make fail (a status with the server's message, or no answer at all) or hold open
// until the test answers it. "ok" falls through to the normal fake API (tests/msw/*-handlers.ts).
import { http, HttpResponse } from 'msw';
import { beforeEach } from 'vitest';
import { server } from './server';

/** How a call is answered: by the fake API, with a status (and the server's words), or not at all. */
export type Answer = 'ok' | 'offline' | { status: number; message?: string; errors?: Record<string, string[]> };

type Method = 'get' | 'post';

function respond(answer: Exclude<Answer, 'ok'>): Response {
  if (answer === 'offline') return HttpResponse.error();
  const body = { ...(answer.message ? { message: answer.message } : {}), ...(answer.errors ? { errors: answer.errors } : {}) };
  return HttpResponse.json(body, { status: answer.status });
}

export type ScriptedEndpoint = {
  readonly method: Method;
  readonly path: string;
  /** Every call is answered so (a GET is retried once by the SPA, so it sees the same answer twice). */
  answer: Answer | 'hold';
  /** Calls waiting for `release`. */
  readonly held: number;
  /** The next call only is answered so, then `answer` again (for writes: the SPA never retries them). */
  next(answer: Answer | 'hold'): void;
  /** Answers the held calls with `answer`, and the calls after them too if every call was held. */
  release(answer: Answer): void;
};

/** One endpoint whose answers the test scripts; register it with `useScriptedEndpoints`. */
export function scriptedEndpoint(method: Method, path: string) {
  let waiting: Array<(answer: Answer) => void> = [];
  let queue: Array<Answer | 'hold'> = [];
  const endpoint = {
    method,
    path,
    answer: 'ok' as Answer | 'hold',
    get held() {
      return waiting.length;
    },
    next(answer: Answer | 'hold') {
      queue.push(answer);
    },
    release(answer: Answer) {
      if (endpoint.answer === 'hold') endpoint.answer = answer;
      const calls = waiting;
      waiting = [];
      calls.forEach((resolve) => resolve(answer));
    },
    reset() {
      endpoint.answer = 'ok';
      waiting = [];
      queue = [];
    },
    handler() {
      return http[method](path, async () => {
        let answer = queue.shift() ?? endpoint.answer;
        if (answer === 'hold') answer = await new Promise<Answer>((resolve) => waiting.push(resolve));
        // undefined: the next handler (the normal fake API) answers.
        return answer === 'ok' ? undefined : respond(answer);
      });
    },
  };
  return endpoint satisfies ScriptedEndpoint;
}

/** Call once per test file after the fake API's hook: each test starts with every endpoint answering "ok". */
export function useScriptedEndpoints(...endpoints: Array<ReturnType<typeof scriptedEndpoint>>) {
  beforeEach(() => {
    for (const endpoint of endpoints) endpoint.reset();
    server.use(...endpoints.map((endpoint) => endpoint.handler()));
  });
}
