/**
 * plume_http_requests_total and plume_http_request_duration_seconds, labelled
 * by the route pattern (`/api/openapi/v1/publish/{batch_id}` as Fastify
 * wrote it, never the URL: ids would make one series per request).
 *
 * The license status path is benchmarked against bare Fastify, so this adds
 * as little as it can per request: every route gets its own onResponse hook
 * (added when the route is declared) that already knows its pattern and
 * keeps its series per method and status, so a request costs one map lookup
 * and prom-client's own increment and observation. Callback-style hooks: an
 * async hook costs a promise and a microtask turn. No app-wide hook: one
 * costs every request more than these two instruments (measured with
 * bench/http-metrics.mjs), so requests no route matched (404) are counted
 * by the not-found handlers themselves, under route="unmatched" (so are
 * URLs the router refuses: a malformed percent-escape, an overlong segment).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { httpDuration, httpRequests } from './instruments.js';

interface Series {
  count: { inc(): void };
  duration: { observe(seconds: number): void };
}

/** The series of one route: method → status → series, filled on first use. */
function routeSeries(route: string): (method: string, status: number) => Series {
  const byMethod = new Map<string, Map<number, Series>>();
  return (method, status) => {
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map()));
    let series = byStatus.get(status);
    if (!series) {
      series = { count: httpRequests.labels(method, route, String(status)), duration: httpDuration.labels(method, route) };
      byStatus.set(status, series);
    }
    return series;
  };
}

type Recorder = (request: FastifyRequest, reply: FastifyReply, done: () => void) => void;

function recorder(route: string): Recorder {
  const seriesOf = routeSeries(route);
  return (request, reply, done) => {
    const series = seriesOf(request.method, reply.statusCode);
    series.count.inc();
    series.duration.observe(reply.elapsedTime / 1000);
    done();
  };
}

/** Call on the root app before any route is registered. */
export function installHttpMetrics(app: FastifyInstance): void {
  app.addHook('onRoute', (route) => {
    const hook = recorder(route.url) as onResponseHookHandler;
    const own = route.onResponse;
    route.onResponse = own === undefined ? [hook] : Array.isArray(own) ? [...own, hook] : [own, hook];
  });
}

const unmatchedSeries = routeSeries('unmatched');

/**
 * For not-found handlers, as they answer: a 404 for a path no route has (its
 * latency is the handler's so far); and for the router's own refusals, with
 * their status.
 */
export function countUnmatched(request: FastifyRequest, reply: FastifyReply, status = 404): void {
  const series = unmatchedSeries(request.method, status);
  series.count.inc();
  series.duration.observe(reply.elapsedTime / 1000);
}
