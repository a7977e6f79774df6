/**
 * skinmesh-vat: animation textures for GPU crowds (vertex animation textures, bone-matrix
 * textures), their manifest and files, and a decoder that mirrors the shader functions. PNG files
 * are written with skinmesh-atlas's codec.
 */
module io.github.skinmesh.vat {
    requires transitive io.github.skinmesh.core;
    requires io.github.skinmesh.atlas;
    requires static transitive org.jspecify;

    exports io.github.skinmesh.vat;
}
