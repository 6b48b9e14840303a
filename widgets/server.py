"""The kernel websocket connection Voila uses for the apps: Nagle's algorithm off.

Neither tornado nor jupyter_server turns Nagle's algorithm off on the kernel websocket, so
when a kernel answers with several small messages (one per widget that changed) within the
browser's delayed-ACK time, each one after the first waits for that ACK: about 40 ms on
Linux, which a learner clicking Next quickly (or holding an arrow key) would feel. Voila lets
the connection class be configured; ``voila.json`` names this one::

    {"Voila": {"kernel_websocket_connection_class": "widgets.server.NoDelayConnection"}}

This module is imported by the Voila server process, not by kernels: it imports neither
ipywidgets nor matplotlib.

>>> NoDelayConnection.__mro__[1].__name__
'ZMQChannelsWebsocketConnection'
"""
from __future__ import annotations

from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection


class NoDelayConnection(ZMQChannelsWebsocketConnection):
    """The standard ZMQ channels connection, with TCP_NODELAY set when the socket opens."""

    def connect(self):
        self.websocket_handler.set_nodelay(True)
        return super().connect()
