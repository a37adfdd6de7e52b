"""The interaction kit every cog uses: the error pipeline (`errors`), one answer in time (`reply`), layouts and
the one way to emit a button (`layout`), the typed parts of a custom_id (`ids`), and component declarations with
their routes (`components`). Each cog declares its own components with it, in its `_components` module."""
