-- Whether a release ran in an environment, and when it last stopped (what can-deploy's wire-unread asks), found
-- without reading the environment's other deployments: their number grows with the fleet.
CREATE INDEX deployments_by_release ON deployments(environment, service, version);
