CREATE TABLE "team_active_counts" (
	"agent_id" bigint NOT NULL,
	"from_day" date NOT NULL,
	"to_day" date NOT NULL,
	"threshold" bigint NOT NULL,
	"active" integer NOT NULL,
	CONSTRAINT "team_active_counts_agent_id_from_day_to_day_threshold_pk" PRIMARY KEY("agent_id","from_day","to_day","threshold")
);
