"""The room server: play with friends, each on their own device (server/README.md, server/PROTOCOL.md).

Layers, lowest first: `errors`, `protocol` (the client's frames read), `room` (one room, synchronous, the
engine's door inside), `moves` and `views` (what a seat is sent), `store` (where rooms are kept), `hub` (the
connections and the rooms of one process), `app` (the ASGI app: site, websocket, health, QR), `__main__`.
"""
