/** skinmesh-laya: writer and reader of LayaAir binary meshes ({@code .lm}, LAYAMODEL:0501). */
@SuppressWarnings("module")
module io.github.skinmesh.laya {
    requires transitive io.github.skinmesh.core;
    requires static transitive org.jspecify;
    // optional SIMD codec of the vertex buffer, used only when the JVM runs with
    // --add-modules jdk.incubator.vector
    requires static jdk.incubator.vector;

    exports io.github.skinmesh.laya;
}
