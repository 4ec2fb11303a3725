// The shared API client: every call goes to /api/v1 with cookies, the bearer token
// from local storage and the XSRF cookie echoed as a header. No timeout (uploads can be long).
import { XSRF_COOKIE, XSRF_HEADER } from '../../contract/auth';
import type { ErrorEnvelope } from '../../contract/envelope';
import { announceAuthChange, clearSession, getStoredUser, getToken } from '../lib/storage';

export const API_BASE = '/api/v1';

export interface ApiRequest {
  url: string;
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  params?: Record<string, string | number | boolean | undefined | null>;
  /** Return the whole envelope instead of its `data` (register's token sits beside data). */
  keepEnvelope?: boolean;
  /** Upload progress 0..1; switches the call to XMLHttpRequest, which reports it. */
  onUploadProgress?: (fraction: number) => void;
  /** Extra headers (the offline queue's Idempotency-Key). */
  headers?: Record<string, string>;
}

/** What every failed call turns into. status is the HTTP status, or 'FETCH_ERROR' offline. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'PARSE_ERROR';
  message: string;
}

function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return null;
}

/** Server-side rendering (src/entry-server.tsx) has no location: it names the origin and the fetch to use. */
let serverSide: { origin: string; fetch: typeof fetch } | null = null;
export function setServerSideFetch(config: { origin: string; fetch: typeof fetch }): void {
  serverSide = config;
}

export function apiUrl(url: string, params?: ApiRequest['params']): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {})) {
    if (value !== undefined && value !== null && value !== '') query.set(key, String(value));
  }
  const search = query.toString();
  const base = serverSide?.origin ?? (typeof location !== 'undefined' ? location.origin : 'http://localhost');
  return `${base}${API_BASE}${url}${search ? `?${search}` : ''}`;
}

export function requestHeaders(body: unknown): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  if (body !== undefined && !(body instanceof FormData)) headers['Content-Type'] = 'application/json';
  return headers;
}

function errorMessage(status: number, body: unknown): string {
  const message = (body as Partial<ErrorEnvelope> | null)?.message;
  if (typeof message === 'string' && message) return message;
  return status >= 500 ? 'Server error. Please try again later.' : `Request failed with status ${status}`;
}

/** Listeners told when a 401 ended the session (the store dispatches its sign-out). */
const sessionEndedListeners = new Set<() => void>();
export function onSessionEnded(listener: () => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/** A 401 on any call clears the token and the user. */
export function endSession(): void {
  const hadSession = getToken() !== null || getStoredUser() !== null;
  clearSession();
  if (!hadSession) return;
  for (const listener of sessionEndedListeners) listener();
  announceAuthChange();
}

interface RawResult {
  status: number;
  body: unknown;
}

function sendWithXhr(url: string, method: string, body: unknown, onProgress: (fraction: number) => void): Promise<RawResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [key, value] of Object.entries(requestHeaders(body))) xhr.setRequestHeader(key, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      let parsed: unknown = null;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        parsed = xhr.responseText;
      }
      resolve({ status: xhr.status, body: parsed });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.send(body instanceof FormData ? body : body === undefined ? null : JSON.stringify(body));
  });
}

async function sendWithFetch(url: string, method: string, body: unknown, signal?: AbortSignal, extraHeaders?: Record<string, string>): Promise<RawResult> {
  const response = await (serverSide?.fetch ?? fetch)(url, {
    method,
    credentials: 'include',
    headers: { ...requestHeaders(body), ...extraHeaders },
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    signal,
  });
  const text = await response.text();
  let parsed: unknown = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = text;
  }
  return { status: response.status, body: parsed };
}

/** One call through the shared client; resolves to `{data}` or `{error: ApiError}`, never throws. */
export async function apiCall<T = unknown>(request: ApiRequest, signal?: AbortSignal): Promise<{ data: T } | { error: ApiError }> {
  const method = request.method ?? 'GET';
  const url = apiUrl(request.url, request.params);
  let result: RawResult;
  try {
    result = request.onUploadProgress
      ? await sendWithXhr(url, method, request.body, request.onUploadProgress)
      : await sendWithFetch(url, method, request.body, signal, request.headers);
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') return { error: { status: 'FETCH_ERROR', message: 'Request aborted' } };
    return { error: { status: 'FETCH_ERROR', message: 'Network error. Check your connection and try again.' } };
  }
  if (result.status === 401) endSession();
  if (result.status < 200 || result.status >= 300) {
    return { error: { status: result.status, message: errorMessage(result.status, result.body) } };
  }
  if (result.body === null || typeof result.body !== 'object') {
    return { error: { status: 'PARSE_ERROR', message: 'Invalid response from server' } };
  }
  const envelope = result.body as { data?: T };
  return { data: (request.keepEnvelope ? envelope : envelope.data) as T };
}

/** The message to show for a failed call: the server's, else the screen's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  const apiError = error as Partial<ApiError> | undefined;
  if (apiError && typeof apiError.status === 'number' && apiError.status < 500 && apiError.message) return apiError.message;
  return fallback;
}

export function isOffline(error: unknown): boolean {
  const status = (error as Partial<ApiError> | undefined)?.status;
  return status === 'FETCH_ERROR' || (typeof navigator !== 'undefined' && navigator.onLine === false);
}
