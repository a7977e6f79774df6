/**
 * skinmesh core: model types and pure functions over them.
 */
@SuppressWarnings("module")
module io.github.skinmesh.core {
    requires transitive org.joml;
    requires it.unimi.dsi.fastutil.core;
    requires static transitive org.jspecify;
    // optional SIMD skinning kernel, used only when the JVM runs with --add-modules jdk.incubator.vector
    requires static jdk.incubator.vector;

    exports io.github.skinmesh.core;
    exports io.github.skinmesh.core.model;
    exports io.github.skinmesh.core.mesh;
    exports io.github.skinmesh.core.combine;
    exports io.github.skinmesh.core.partition;
    exports io.github.skinmesh.core.anim;
    exports io.github.skinmesh.core.validate;
    exports io.github.skinmesh.core.weights;
    exports io.github.skinmesh.core.skinning;
    exports io.github.skinmesh.core.internal to
            io.github.skinmesh.atlas,
            io.github.skinmesh.vat,
            io.github.skinmesh.laya,
            io.github.skinmesh.gltf,
            io.github.skinmesh.cli;
}
