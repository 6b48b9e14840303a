"""A kernel websocket connection with Nagle's algorithm off (TCP_NODELAY), for Voila.

Neither tornado nor jupyter_server turns Nagle's algorithm off on the kernel websocket, so
when a kernel answers with several small messages (one per widget that changed), each one
after the first waits for the browser's delayed ACK: about 40 ms on Linux. Voila lets the
connection class be configured; this one only adds ``set_nodelay(True)``::

    voila notebooks --Voila.kernel_websocket_connection_class=benchmarks.nodelay.NoDelayConnection

(or the same key under ``"Voila"`` in ``voila.json``). The benchmarks run with and without it.
"""
from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """The standard ZMQ channels connection, with TCP_NODELAY set when the socket opens."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()
