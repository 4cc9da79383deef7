package dev.wowcompat.api;

import java.nio.ByteBuffer;
import org.eclipse.jetty.http.HttpFields;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.ErrorHandler;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;

/**
 * Jetty's own settings that bound what a connection costs, and its error pages as problem+json: the answers
 * Jetty gives before Javalin sees a request (a malformed request line 400, a URI too long 414, headers too
 * large 431) use the same format and codes as every other refusal.
 */
final class JettySettings {
    private JettySettings() {}

    /**
     * The one connector: idle connections, trickled bodies and headers not complete in time ({@link HeaderDeadline})
     * are dropped, freeing their thread.
     */
    static ServerConnector connector(Server server, HttpConfiguration http, String host, int port, Guards guards) {
        http.setIdleTimeout(guards.idleTimeout().toMillis());
        http.setMinRequestDataRate(guards.minBodyBytesPerSecond());
        http.setSendServerVersion(false);
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(host);
        connector.setPort(port);
        connector.setIdleTimeout(guards.idleTimeout().toMillis());
        connector.addBean(new HeaderDeadline(guards.headerDeadline(), connector.getScheduler()));
        // Bound here, before Javalin starts the server: a failure to bind then reaches the caller as itself. Inside
        // Javalin's start it would be logged as "Failed to start Javalin" and lost in the failed graceful stop that
        // follows (docs/decisions.md, "The demo and first contact"). The server's start finds the channel open.
        try {
            connector.open();
        } catch (IOException | java.nio.channels.UnresolvedAddressException e) {
            throw new RegistryServer.CannotListen(host, port, e);
        }
        return connector;
    }

    /** Graceful stop (Javalin's server carries the StatisticsHandler that lets Jetty wait) and problem+json errors. */
    static void server(Server server, Guards guards, Problems problems) {
        server.setStopTimeout(guards.stopTimeout().toMillis());
        server.setStopAtShutdown(false);
        server.setErrorHandler(new ProblemErrorHandler(problems));
    }

    static ProblemCode forStatus(int status) {
        return switch (status) {
            case 404 -> ProblemCode.ROUTE_NOT_FOUND;
            case 405 -> ProblemCode.METHOD_NOT_ALLOWED;
            case 408 -> ProblemCode.BODY_TIMEOUT;
            case 413 -> ProblemCode.BODY_TOO_LARGE;
            case 414 -> ProblemCode.URI_TOO_LONG;
            case 415 -> ProblemCode.UNSUPPORTED_MEDIA_TYPE;
            case 431 -> ProblemCode.HEADERS_TOO_LARGE;
            case 503 -> ProblemCode.BUSY;
            default -> status >= 500 ? ProblemCode.INTERNAL : ProblemCode.MALFORMED_REQUEST;
        };
    }

    /** Jetty's error pages, as problem+json. */
    private static final class ProblemErrorHandler extends ErrorHandler {
        private final Problems problems;

        ProblemErrorHandler(Problems problems) {
            this.problems = problems;
        }

        /** Errors found while parsing the request, before there is a request to dispatch. */
        @Override
        public ByteBuffer badMessageError(int status, String reason, HttpFields.Mutable fields) {
            fields.put(HttpHeader.CONTENT_TYPE, Problems.CONTENT_TYPE);
            return ByteBuffer.wrap(problems.body(forStatus(status), status, null));
        }

        /** Errors Jetty answers for a dispatched request (e.g. a body that timed out before any handler ran). */
        @Override
        protected void generateAcceptableResponse(Request base, HttpServletRequest request, HttpServletResponse response,
                                                  int status, String message) throws IOException {
            base.setHandled(true);
            response.setContentType(Problems.CONTENT_TYPE);
            byte[] body = problems.body(forStatus(status), status, request.getRequestURI());
            response.setContentLength(body.length);
            response.getOutputStream().write(body);
        }
    }
}
