/** skinmesh-cli: the {@code skinmesh} command line. */
module io.github.skinmesh.cli {
    requires io.github.skinmesh.core;
    requires io.github.skinmesh.testkit;
    requires info.picocli;
    requires static org.jspecify;

    exports io.github.skinmesh.cli;

    opens io.github.skinmesh.cli to info.picocli;
}
