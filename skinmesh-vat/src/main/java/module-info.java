/**
 * skinmesh-vat: animation textures for GPU crowds (vertex animation textures, bone-matrix
 * textures), their manifest and files, and a decoder that mirrors the shader functions; keyframes
 * in vertex channels for devices without vertex texture fetch. PNG files are written with
 * skinmesh-atlas's codec.
 */
module io.github.skinmesh.vat {
    requires transitive io.github.skinmesh.core;
    requires io.github.skinmesh.atlas;
    requires static transitive org.jspecify;

    exports io.github.skinmesh.vat;
    exports io.github.skinmesh.vat.keys;
}
