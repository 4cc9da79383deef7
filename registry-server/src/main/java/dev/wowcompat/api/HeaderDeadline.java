package dev.wowcompat.api;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.HttpChannel;
import org.eclipse.jetty.server.HttpConnection;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.thread.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A total time for a request's headers (docs/api.md, "Limits"). Jetty's idle timeout starts again at every byte, so a
 * client sending one header byte every few seconds holds its connection for ever; this closes a connection whose next
 * request's headers are not complete {@link Guards#headerDeadline()} after the connection opened or its previous
 * answer ended, however its bytes trickle. The clock is armed when the connection is ready for a request and stopped
 * when Jetty has parsed the request line and headers ({@link HttpChannel.Listener#onRequestBegin}); a body has its
 * own bound (the least data rate). Counting from readiness rather than from the first byte costs an honest client
 * nothing: a connection that sends nothing is closed by the idle timeout first, which is shorter.
 */
final class HeaderDeadline implements Connection.Listener, HttpChannel.Listener {
    private static final Logger LOG = LoggerFactory.getLogger(HeaderDeadline.class);

    private final Duration deadline;
    private final Scheduler scheduler;
    /** The armed clock of each HTTP/1 connection waiting for headers; none while a request runs. */
    private final Map<EndPoint, Scheduler.Task> armed = new ConcurrentHashMap<>();

    HeaderDeadline(Duration deadline, Scheduler scheduler) {
        this.deadline = deadline;
        this.scheduler = scheduler;
    }

    @Override
    public void onOpened(Connection connection) {
        if (connection instanceof HttpConnection) arm(connection.getEndPoint());
    }

    @Override
    public void onClosed(Connection connection) {
        stop(connection.getEndPoint());
    }

    /** The request line and headers are parsed: what remains is the body's and the handler's. */
    @Override
    public void onRequestBegin(Request request) {
        stop(request.getHttpChannel().getEndPoint());
    }

    /** The answer is sent: the connection may carry another request, whose headers get the whole time again. */
    @Override
    public void onComplete(Request request) {
        EndPoint endPoint = request.getHttpChannel().getEndPoint();
        if (endPoint.isOpen() && endPoint.getConnection() instanceof HttpConnection) arm(endPoint);
    }

    private void arm(EndPoint endPoint) {
        Scheduler.Task[] task = new Scheduler.Task[1];
        task[0] = scheduler.schedule(() -> {
            if (armed.remove(endPoint, task[0])) {
                LOG.debug("closing {}: no complete request headers within {} s", endPoint.getRemoteSocketAddress(), deadline.toSeconds());
                endPoint.close();
            }
        }, deadline.toMillis(), TimeUnit.MILLISECONDS);
        Scheduler.Task previous = armed.put(endPoint, task[0]);
        if (previous != null) previous.cancel();
    }

    private void stop(EndPoint endPoint) {
        Scheduler.Task task = armed.remove(endPoint);
        if (task != null) task.cancel();
    }
}
