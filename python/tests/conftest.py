"""The tests run against the installed wheel (`pip install target/wheels/robolint-*.whl`),
not the source folder: python/robolint has no compiled module until maturin builds one."""
