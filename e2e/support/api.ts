import type {
  Advisor,
  ChatHistory,
  ChatMessage,
  CreateAdvisorBody,
  LoginResponseData,
  Settings,
} from '@belleza/contract';
import { ADMIN } from './server.js';

type Envelope<T> =
  { success: true; data: T } | { success: false; error: { code: string; message: string } };

/** A tiny typed API client for arranging e2e scenarios (what a second user would do). */
export class Api {
  constructor(
    readonly baseUrl: string,
    private token?: string,
  ) {}

  async request<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
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
    if (!json.success)
      throw new Error(
        `${method} ${path} → ${res.status} ${json.error.code}: ${json.error.message}`,
      );
    return json.data;
  }

  static async login(
    baseUrl: string,
    email = ADMIN.email,
    password = ADMIN.password,
  ): Promise<Api & { advisor: Advisor }> {
    const api = new Api(baseUrl);
    const data = await api.request<LoginResponseData>('POST', '/api/advisors/login', {
      email,
      password,
    });
    return Object.assign(new Api(baseUrl, data.token), { advisor: data.advisor });
  }

  createAdvisor(body: CreateAdvisorBody): Promise<Advisor> {
    return this.request<Advisor>('POST', '/api/advisors', body);
  }

  /** Sets the offer timeout (`system.callTimeout`, seconds), keeping every other setting. */
  async setCallTimeout(seconds: number): Promise<void> {
    const current = await this.getSettings();
    await this.request('PUT', '/api/settings', {
      ...current,
      system: { ...current.system, callTimeout: seconds },
    });
  }

  /** Sets the appointment settings, keeping every other setting. */
  async setAppointments(patch: Partial<Settings['appointments']>): Promise<void> {
    const current = await this.getSettings();
    await this.request('PUT', '/api/settings', {
      ...current,
      appointments: { ...current.appointments, ...patch },
    });
  }

  /** Sets the origins allowed to show the widget, keeping every other setting. */
  async setEmbedOrigins(origins: string[]): Promise<void> {
    const current = await this.getSettings();
    await this.request('PUT', '/api/settings', {
      ...current,
      embed: { ...current.embed, allowedOrigins: origins },
    });
  }

  /** A visitor's consultation request (anonymous, with consent); answers the new call. */
  requestCall(
    name: string,
  ): Promise<{ callId: string; advisorId: string | null; clientKey: string }> {
    return this.request('POST', '/api/calls/request', {
      name,
      phone: '+51 999 888 777',
      message: 'Quiero asesoría',
      consent: true,
    });
  }

  /** The admin's view of the settings (GET /api/settings, API key masked). */
  getSettings(): Promise<Settings> {
    return this.request<Settings>('GET', '/api/settings');
  }

  /** POST /api/advisors/{id}/status (admin: anyone). */
  setAdvisorStatus(advisorId: string, status: Advisor['status']): Promise<Advisor> {
    return this.request<Advisor>('POST', `/api/advisors/${advisorId}/status`, { status });
  }

  /** GET /api/advisors/{id}. */
  getAdvisor(advisorId: string): Promise<Advisor> {
    return this.request<Advisor>('GET', `/api/advisors/${advisorId}`);
  }

  /** GET /api/calls/{id}/messages: the call's chat as stored, oldest first. */
  async callMessages(callId: string): Promise<ChatMessage[]> {
    const history = await this.request<ChatHistory>('GET', `/api/calls/${callId}/messages`);
    return history.messages;
  }

  /** GET /api/calls/stats (the admin dashboard's cards). */
  callStats(): Promise<Record<string, number>> {
    return this.request<Record<string, number>>('GET', '/api/calls/stats');
  }
}

let counter = 0;
export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now().toString(36)}-${++counter}@e2e.test`;
