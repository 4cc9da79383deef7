package dev.wowcompat.api;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.wowcompat.access.Grant;
import dev.wowcompat.manifest.InvalidInputException;
import dev.wowcompat.manifest.JsonInput;
import dev.wowcompat.store.Deployment;
import dev.wowcompat.store.DeploymentResult;
import dev.wowcompat.store.EndedDeployment;
import dev.wowcompat.store.EnvironmentSummary;
import dev.wowcompat.store.EnvironmentView;
import dev.wowcompat.store.DeploymentStore;
import io.javalin.http.Context;

/** Environments and the releases deployed in them: record, undeploy, list, read (docs/api.md, "POST /environments/{env}/deployments"). */
final class EnvironmentEndpoints {
    /** Ended deployments an environment's answer lists; older ones stay stored. */
    static final int HISTORY_LIMIT = 200;

    private final DeploymentStore store;
    private final RequestBodies bodies;
    private final JsonInput input;
    private final JsonResponses json;

    /** @param bodies the limit for deployment bodies (a few dozen bytes each) */
    EnvironmentEndpoints(DeploymentStore store, RequestBodies bodies, JsonInput input, JsonResponses json) {
        this.store = store;
        this.bodies = bodies;
        this.input = input;
        this.json = json;
    }

    /** 201 recorded (Location: the environment) | 200 that version already runs there | 404 not a registered release. */
    void record(Context ctx) throws InvalidInputException {
        String environment = environmentName(ctx);
        DeploymentRequest request = DeploymentRequest.read(input.parse(bodies.json(ctx), ctx.method() + " " + ctx.path()),
                ctx.method() + " " + ctx.path());
        WriteGate.about(ctx, request.service(), request.version(), null);
        WriteGate.require(ctx, Grant.deploy(environment, request.service()));
        DeploymentResult result = store.recordDeployment(environment, request.service(), request.version(), WriteGate.record(ctx, 201));
        switch (result.outcome()) {
            case RECORDED -> {
                ctx.header("Location", "/environments/" + environment);
                json.send(ctx, 201, deployment(result.deployment()));
            }
            case ALREADY_RUNNING -> json.send(ctx, 200, deployment(result.deployment()));
            case RELEASE_NOT_REGISTERED -> throw new ApiException(ProblemCode.RELEASE_NOT_FOUND, request.service() + "@"
                    + request.version() + " is not registered; only a registered release can be deployed.");
            case RELEASE_WITHDRAWN -> throw new ApiException(ProblemCode.RELEASE_WITHDRAWN, request.service() + "@"
                    + request.version() + " was withdrawn; a withdrawn release is never deployed. Deploy another version.");
            default -> throw new IllegalStateException(result.outcome().name());
        }
    }

    void undeploy(Context ctx) {
        String environment = environmentName(ctx);
        String service = Names.service(ctx.pathParam("service"));
        WriteGate.require(ctx, Grant.deploy(environment, service));
        EndedDeployment ended = store.undeploy(environment, service,
                WriteGate.record(ctx, 200, (EndedDeployment e) -> e.version())).orElseThrow(() -> new ApiException(
                ProblemCode.DEPLOYMENT_NOT_FOUND, "No release of '" + service + "' runs in '" + environment + "'."));
        WriteGate.about(ctx, null, ended.version(), null);
        json.send(ctx, 200, json.object().put("environment", ended.environment()).put("service", ended.service())
                .put("version", ended.version()).put("deployedAt", ended.deployedAt()).put("endedAt", ended.endedAt()));
    }

    void environments(Context ctx) {
        ObjectNode answer = json.object();
        ArrayNode out = answer.putArray("environments");
        for (EnvironmentSummary e : Listed.first(store.environments(), Listed.ENTRIES, answer)) {
            out.addObject().put("name", e.name()).put("running", e.running()).put("updatedAt", e.updatedAt());
        }
        json.send(ctx, 200, answer);
    }

    void environment(Context ctx) {
        String name = environmentName(ctx);
        EnvironmentView view = store.environment(name, HISTORY_LIMIT).orElseThrow(() -> new ApiException(
                ProblemCode.ENVIRONMENT_NOT_FOUND, "No deployment was ever recorded in '" + name + "'."));
        ObjectNode out = json.object().put("name", view.name());
        ArrayNode running = out.putArray("deployments");
        for (Deployment d : Listed.first(view.running(), Listed.ENTRIES, out, "moreDeployments")) {
            ObjectNode o = running.addObject().put("service", d.service()).put("version", d.version()).put("deployedAt", d.deployedAt());
            putReplaced(o, d);
        }
        ArrayNode history = out.putArray("history");
        for (EndedDeployment d : view.history()) {
            history.addObject().put("service", d.service()).put("version", d.version()).put("deployedAt", d.deployedAt())
                    .put("endedAt", d.endedAt()).put("endedBy", d.endedBy().label());
        }
        json.send(ctx, 200, out);
    }

    private ObjectNode deployment(Deployment d) {
        ObjectNode o = json.object().put("environment", d.environment()).put("service", d.service()).put("version", d.version())
                .put("deployedAt", d.deployedAt());
        putReplaced(o, d);
        return o;
    }

    private static void putReplaced(ObjectNode o, Deployment d) {
        if (d.replaced() == null) {
            o.putNull("replaced");
        } else {
            o.putObject("replaced").put("version", d.replaced().version()).put("deployedAt", d.replaced().deployedAt());
        }
    }

    private static String environmentName(Context ctx) {
        return Names.environment(ctx.pathParam("env"));
    }
}
