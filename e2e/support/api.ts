import type { Advisor, CreateAdvisorBody, LoginResponseData } from '@belleza/contract';
import { ADMIN } from './server.js';

type Envelope<T> = { success: true; data: T } | { success: false; error: { code: string; message: string } };

/** A tiny typed API client for arranging e2e scenarios (what a second user would do). */
export class Api {
  constructor(
    readonly baseUrl: string,
    private token?: string,
  ) {}

  async request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as Envelope<T>;
    if (!json.success) throw new Error(`${method} ${path} → ${res.status} ${json.error.code}: ${json.error.message}`);
    return json.data;
  }

  static async login(baseUrl: string, email = ADMIN.email, password = ADMIN.password): Promise<Api & { advisor: Advisor }> {
    const api = new Api(baseUrl);
    const data = await api.request<LoginResponseData>('POST', '/api/advisors/login', { email, password });
    return Object.assign(new Api(baseUrl, data.token), { advisor: data.advisor });
  }

  createAdvisor(body: CreateAdvisorBody): Promise<Advisor> {
    return this.request<Advisor>('POST', '/api/advisors', body);
  }
}

let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${++counter}@e2e.test`;
