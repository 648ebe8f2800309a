// The one way the page talks to the server: api() sends a request to the
// JSON API and returns its answer, or throws an ApiError that carries the
// server's own message (or says the server cannot be reached).

class ApiError extends Error {
  constructor(message, status, code, steps) {
    super(message);
    this.status = status;
    this.code = code;
    // A trace's offset past its last step: the steps there are.
    this.steps = steps;
  }
}

export async function api(method, path, body, blob = false) {
  let res;
  try {
    res = await fetch(path, {
      method,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      cache: 'no-store',
    });
  } catch (e) {
    throw new ApiError('cannot reach the nqueens server (' + e.message + '); is "nqueens serve" still running?', 0, 'network');
  }
  if (!res.ok) {
    let message = 'the server answered HTTP ' + res.status;
    let code = 'http';
    let steps;
    try {
      const j = await res.json();
      if (j && j.error && j.error.message) {
        message = j.error.message;
        code = j.error.code;
        steps = j.error.steps;
      }
    } catch (_) { /* not JSON: keep the HTTP status */ }
    throw new ApiError(message, res.status, code, steps);
  }
  return blob ? res.blob() : res.json();
}
