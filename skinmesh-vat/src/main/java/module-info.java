/**
 * skinmesh-vat: animation textures for GPU crowds (vertex animation textures, bone-matrix
 * textures), their manifest and files, and a decoder that mirrors the shader functions; keyframes
 * in vertex channels for devices without vertex texture fetch; the per-frame CPU side of a GPU
 * crowd (skin-matrix palettes and bounds, free of I/O). PNG files are written with skinmesh-atlas's
 * codec.
 */
@SuppressWarnings("module")
module io.github.skinmesh.vat {
    requires transitive io.github.skinmesh.core;
    requires io.github.skinmesh.atlas;
    requires static transitive org.jspecify;
    // optional SIMD blend kernel of crowd palettes, used only when the JVM runs with
    // --add-modules jdk.incubator.vector
    requires static jdk.incubator.vector;

    exports io.github.skinmesh.vat;
    exports io.github.skinmesh.vat.keys;
    exports io.github.skinmesh.vat.crowd;
}
