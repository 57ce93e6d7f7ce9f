-- One round trip for a license v2 consume (was BEGIN + four statements + COMMIT).
-- Claims the requestId first: a concurrent retry of the same requestId blocks on the
-- unique key until this transaction ends, then sees the claim and answers idempotent.
-- When no use is left the claim is deleted again, so a later retry is judged afresh.
-- The caller has already checked validity for TIME codes and disabled codes.
CREATE OR REPLACE FUNCTION license_consume(
  p_code_id bigint, p_request_id text, p_mode text,
  p_project_id integer, p_device_id integer, p_session_id text
) RETURNS TABLE (outcome text, remaining integer)
LANGUAGE plpgsql AS $$
DECLARE
  v_remaining integer;
BEGIN
  IF p_request_id IS NOT NULL THEN
    INSERT INTO consume_requests (code_id, request_id) VALUES (p_code_id, p_request_id) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      SELECT cr.remaining_after INTO v_remaining FROM consume_requests cr WHERE cr.code_id = p_code_id AND cr.request_id = p_request_id;
      INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
        VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'idempotent', v_remaining);
      RETURN QUERY SELECT 'idempotent'::text, v_remaining;
      RETURN;
    END IF;
  END IF;

  IF p_mode = 'TIME' THEN
    INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
      VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'time_checked', NULL);
    RETURN QUERY SELECT 'time_checked'::text, NULL::integer;
    RETURN;
  END IF;

  UPDATE activation_codes SET remaining_count = remaining_count - 1
    WHERE id = p_code_id AND remaining_count > 0 AND disabled_at IS NULL
    RETURNING remaining_count INTO v_remaining;
  IF NOT FOUND THEN
    IF p_request_id IS NOT NULL THEN
      DELETE FROM consume_requests WHERE code_id = p_code_id AND request_id = p_request_id;
    END IF;
    INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
      VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'exhausted', 0);
    RETURN QUERY SELECT 'exhausted'::text, 0;
    RETURN;
  END IF;

  IF p_request_id IS NOT NULL THEN
    UPDATE consume_requests SET remaining_after = v_remaining WHERE code_id = p_code_id AND request_id = p_request_id;
  END IF;
  INSERT INTO consumption_logs (project_id, code_id, device_id, session_id, request_id, outcome, remaining_after)
    VALUES (p_project_id, p_code_id, p_device_id, p_session_id, p_request_id, 'deducted', v_remaining);
  RETURN QUERY SELECT 'deducted'::text, v_remaining;
END;
$$;
