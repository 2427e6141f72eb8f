"""SQLModel tables, the engine and sessions, migrations, and row <-> core mapping.

The only layer that imports sqlmodel, sqlalchemy or alembic. Never imports Qt.
"""
