DROP INDEX "license_nonces_expires";--> statement-breakpoint
CREATE INDEX "license_nonces_expires" ON "license_nonces" USING brin ("expires_at");--> statement-breakpoint
-- license_consume, COUNT mode: deduct first, then claim the requestId together with the
-- count it left. Migration 0004 claimed first and filled remaining_after in afterwards,
-- writing the claim row twice on every deduction.
-- Exactly once per requestId still holds: every COUNT deduction of a code updates the
-- code's row before it claims, so deductions of one code run one after another. A consume
-- that finds its requestId claimed by one that committed while it waited for that row
-- gives its deduction back in the same transaction and answers idempotent; one that finds
-- no use left answers idempotent if the use was spent by its own requestId.
-- A refused consume (exhausted) claims nothing, so a retry is judged afresh. TIME mode
-- claims as before (it deducts nothing). The caller has already checked validity for
-- TIME codes and disabled codes.
CREATE OR REPLACE FUNCTION license_consume(
  p_code_id bigint, p_request_id text, p_mode text,
  p_project_id integer, p_device_id integer, p_session_id text
) RETURNS TABLE (outcome text, remaining integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_remaining integer;
BEGIN
  IF p_mode = 'TIME' THEN
    IF p_request_id IS NOT NULL THEN
      INSERT INTO consume_requests (code_id, request_id) VALUES (p_code_id, p_request_id) ON CONFLICT DO NOTHING;
      IF NOT FOUND THEN
        INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
          VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'idempotent', NULL);
        RETURN QUERY SELECT 'idempotent'::text, NULL::integer;
        RETURN;
      END IF;
    END IF;
    INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
      VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'time_checked', NULL);
    RETURN QUERY SELECT 'time_checked'::text, NULL::integer;
    RETURN;
  END IF;

  IF p_request_id IS NOT NULL THEN
    SELECT cr.remaining_after INTO v_remaining FROM consume_requests cr WHERE cr.code_id = p_code_id AND cr.request_id = p_request_id;
    IF FOUND THEN
      INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
        VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'idempotent', v_remaining);
      RETURN QUERY SELECT 'idempotent'::text, v_remaining;
      RETURN;
    END IF;
  END IF;

  UPDATE activation_codes SET remaining_count = remaining_count - 1
    WHERE id = p_code_id AND remaining_count > 0 AND disabled_at IS NULL
    RETURNING remaining_count INTO v_remaining;
  IF NOT FOUND THEN
    IF p_request_id IS NOT NULL THEN
      -- The last use may have gone to this very requestId while this consume waited.
      SELECT cr.remaining_after INTO v_remaining FROM consume_requests cr WHERE cr.code_id = p_code_id AND cr.request_id = p_request_id;
      IF FOUND THEN
        INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
          VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'idempotent', v_remaining);
        RETURN QUERY SELECT 'idempotent'::text, v_remaining;
        RETURN;
      END IF;
    END IF;
    INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
      VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'exhausted', 0);
    RETURN QUERY SELECT 'exhausted'::text, 0;
    RETURN;
  END IF;

  IF p_request_id IS NOT NULL THEN
    INSERT INTO consume_requests (code_id, request_id, remaining_after) VALUES (p_code_id, p_request_id, v_remaining)
      ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      -- Claimed by a consume that committed while this one waited for the code's row.
      UPDATE activation_codes SET remaining_count = remaining_count + 1 WHERE id = p_code_id;
      SELECT cr.remaining_after INTO v_remaining FROM consume_requests cr WHERE cr.code_id = p_code_id AND cr.request_id = p_request_id;
      INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
        VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'idempotent', v_remaining);
      RETURN QUERY SELECT 'idempotent'::text, v_remaining;
      RETURN;
    END IF;
  END IF;
  INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
    VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'deducted', v_remaining);
  RETURN QUERY SELECT 'deducted'::text, v_remaining;
END;
$$;
