/* old.c — excluded by slam.toml (`exclude`); it does not even compile. */
int broken( {
