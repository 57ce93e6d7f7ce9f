CREATE TABLE "account_pacing" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"day_count" integer NOT NULL,
	"day_cap" integer,
	"last_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pacing_rules" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "pacing_rules_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"platform" text NOT NULL,
	"account_id" integer,
	"min_gap_ms" integer,
	"jitter_ms" integer,
	"daily_cap" integer,
	"quiet_start" text,
	"quiet_end" text,
	"time_zone" text,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pacing_rules_quiet_pair" CHECK ((quiet_start is null) = (quiet_end is null))
);
--> statement-breakpoint
ALTER TABLE "account_pacing" ADD CONSTRAINT "account_pacing_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pacing_rules" ADD CONSTRAINT "pacing_rules_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pacing_rules_platform" ON "pacing_rules" USING btree ("platform") WHERE account_id is null;--> statement-breakpoint
CREATE UNIQUE INDEX "pacing_rules_account" ON "pacing_rules" USING btree ("account_id") WHERE account_id is not null;