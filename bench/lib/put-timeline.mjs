/**
 * When this process's `node:http` client started each PUT, when it had handed
 * the whole body over, and when the answer came, whoever sent it: the edge
 * daemon's upload offload and the bare sender alike, with no change to either.
 * A request starts when it is created, which with an agent (both use one) is
 * when it is added to the agent: `Agent.prototype.addRequest`, wrapped while
 * recording. The body is out at Node's `http.client.request.start` diagnostics
 * channel (published once `end()` has flushed, despite its name) and the
 * answer is in at `http.client.response.finish` (its headers). From that, how
 * busy the three chunk slots were: the mean number of PUTs in flight, how long
 * a chunk took, and the hand-off — from an answer freeing a slot to the next
 * PUT starting in it (for the offload: the answer's way back to the page, the
 * page's next fetch, and the binding call that hands it to the daemon).
 */
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Agent } from 'node:http';

export function recordPuts(slots) {
  const started = new Map();
  const puts = [];
  const addRequest = Agent.prototype.addRequest;
  Agent.prototype.addRequest = function recordedAddRequest(request, ...rest) {
    if (request.method === 'PUT') started.set(request, { start: performance.now() });
    return addRequest.call(this, request, ...rest);
  };
  const onBodyOut = ({ request }) => {
    const put = started.get(request);
    if (put) put.bodyOut = performance.now();
  };
  const onAnswer = ({ request }) => {
    const put = started.get(request);
    if (put === undefined) return;
    started.delete(request);
    puts.push({ ...put, answer: performance.now() });
  };
  subscribe('http.client.request.start', onBodyOut);
  subscribe('http.client.response.finish', onAnswer);
  return {
    /** Stops recording; the figures of the PUTs seen meanwhile (ms), or null if none. */
    stop() {
      Agent.prototype.addRequest = addRequest;
      unsubscribe('http.client.request.start', onBodyOut);
      unsubscribe('http.client.response.finish', onAnswer);
      if (puts.length === 0) return null;
      const starts = puts.map((p) => p.start).sort((a, b) => a - b);
      const answers = puts.map((p) => p.answer).sort((a, b) => a - b);
      const busy = puts.reduce((sum, p) => sum + (p.answer - p.start), 0);
      const window = answers.at(-1) - starts[0];
      // The k-th answer frees the slot the (k + slots)-th PUT starts in.
      const handoffs = starts.slice(slots).map((s, k) => s - answers[k]);
      return {
        count: puts.length,
        firstStart: starts[0],
        lastAnswer: answers.at(-1),
        meanInFlight: busy / window,
        chunkMs: median(puts.map((p) => p.answer - p.start)),
        /** From the body being out to its answer: the simulator's receiving and hashing of the tail. */
        answerMs: median(puts.map((p) => p.answer - (p.bodyOut ?? p.start))),
        handoffMs: handoffs.length ? median(handoffs) : 0,
        handoffP90Ms: handoffs.length ? quantile(handoffs, 0.9) : 0,
        handoffTotalMs: handoffs.reduce((a, b) => a + b, 0),
      };
    },
  };
}

export function median(xs) {
  return quantile(xs, 0.5);
}

function quantile(xs, q) {
  const s = [...xs].sort((a, b) => a - b);
  const at = (s.length - 1) * q;
  const lo = Math.floor(at);
  return s[lo] + (s[Math.min(lo + 1, s.length - 1)] - s[lo]) * (at - lo);
}
