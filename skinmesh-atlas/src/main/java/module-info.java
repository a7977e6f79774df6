/** skinmesh-atlas: the API arrives with its issue; see the package documentation of {@code io.github.skinmesh.atlas}. */
module io.github.skinmesh.atlas {
    requires transitive io.github.skinmesh.core;
    requires static transitive org.jspecify;

    exports io.github.skinmesh.atlas.pack;
}
