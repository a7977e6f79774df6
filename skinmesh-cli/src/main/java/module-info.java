/** skinmesh-cli: the {@code skinmesh} command line. */
module io.github.skinmesh.cli {
    requires io.github.skinmesh.core;
    requires io.github.skinmesh.atlas;
    requires io.github.skinmesh.testkit;
    requires io.github.skinmesh.gltf;
    requires io.github.skinmesh.laya;
    requires io.github.skinmesh.vat;
    requires com.fasterxml.jackson.databind;
    requires info.picocli;
    requires static transitive org.jspecify;

    exports io.github.skinmesh.cli;

    opens io.github.skinmesh.cli to info.picocli;
}
