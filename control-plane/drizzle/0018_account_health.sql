CREATE TABLE "account_health" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"state" text DEFAULT 'ok' NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL,
	"cool_until" timestamp with time zone,
	"counted_from" timestamp with time zone DEFAULT now() NOT NULL,
	"last_signal_id" bigint DEFAULT 0 NOT NULL,
	"reason" text DEFAULT 'none' NOT NULL,
	"note" text,
	"changed_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_health_state" CHECK (state in ('ok', 'watch', 'cooling', 'restricted')),
	CONSTRAINT "account_health_cooling" CHECK ((state = 'cooling') = (cool_until is not null))
);
--> statement-breakpoint
CREATE TABLE "account_health_rules" (
	"platform" text PRIMARY KEY NOT NULL,
	"window_seconds" integer,
	"watch_at" integer,
	"cooling_at" integer,
	"cool_down_seconds" integer,
	"restrict_on" text[],
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_health_signals" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "account_health_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"source" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_health" ADD CONSTRAINT "account_health_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_health_signals" ADD CONSTRAINT "account_health_signals_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_health_due" ON "account_health" USING btree ("state") WHERE state in ('watch', 'cooling');--> statement-breakpoint
CREATE INDEX "account_health_signals_account" ON "account_health_signals" USING btree ("account_id","at");--> statement-breakpoint
CREATE INDEX "account_health_signals_at" ON "account_health_signals" USING btree ("at");--> statement-breakpoint
-- Health signals from jobs, whoever writes the change (a node's report, the input deadline sweep): a challenge met
-- under a new attempt, or a job failed because the platform refused it or asked on a job told to fail fast. A job
-- failed input_timeout is not one more: the challenge it waited on already counted (the timeout is nobody answering).
-- The WHEN clause keeps every other job update free of the call.
CREATE OR REPLACE FUNCTION account_health_job_signal() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.challenge IS NOT NULL AND NEW.challenge ->> 'attemptId' IS NOT NULL
     AND (OLD.challenge IS NULL OR OLD.challenge ->> 'attemptId' IS DISTINCT FROM NEW.challenge ->> 'attemptId') THEN
    INSERT INTO account_health_signals (account_id, kind, source, detail)
    VALUES (NEW.account_id, 'challenge', 'control_plane',
            jsonb_build_object('job_id', NEW.id, 'challenge_kind', NEW.challenge ->> 'kind', 'step', NEW.challenge ->> 'step',
                               'message', NEW.challenge ->> 'message'));
  END IF;
  IF NEW.state = 'failed' AND OLD.state <> 'failed' AND NEW.error_code IN ('publish_rejected', 'challenge_required') THEN
    INSERT INTO account_health_signals (account_id, kind, source, detail)
    VALUES (NEW.account_id, NEW.error_code, 'control_plane',
            jsonb_build_object('job_id', NEW.id, 'error_code', NEW.error_code, 'message', NEW.error_message));
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER publish_jobs_health_signal AFTER UPDATE ON publish_jobs FOR EACH ROW
  WHEN ((NEW.challenge IS NOT NULL AND NEW.challenge IS DISTINCT FROM OLD.challenge)
        OR (NEW.state = 'failed' AND OLD.state <> 'failed' AND NEW.error_code IN ('publish_rejected', 'challenge_required')))
  EXECUTE FUNCTION account_health_job_signal();--> statement-breakpoint
-- Every new signal wakes the replicas' evaluation (HEALTH_CHANNEL, payload: the account id); every health change or
-- signal drops the Open API's cached account list of the account's user (its `health` field).
CREATE OR REPLACE FUNCTION account_health_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'account_health_signals' THEN
    PERFORM pg_notify('plume_account_health', NEW.account_id::text);
  END IF;
  PERFORM pg_notify('plume_openapi_accounts', 'a:' || NEW.account_id);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER account_health_signals_notify AFTER INSERT ON account_health_signals FOR EACH ROW EXECUTE FUNCTION account_health_notify();--> statement-breakpoint
CREATE TRIGGER account_health_notify AFTER UPDATE ON account_health FOR EACH ROW
  WHEN (OLD.state IS DISTINCT FROM NEW.state OR OLD.since IS DISTINCT FROM NEW.since OR OLD.cool_until IS DISTINCT FROM NEW.cool_until)
  EXECUTE FUNCTION account_health_notify();
