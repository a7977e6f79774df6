/** skinmesh-laya: writer and reader of LayaAir binary meshes ({@code .lm}, LAYAMODEL:0501). */
module io.github.skinmesh.laya {
    requires transitive io.github.skinmesh.core;
    requires static transitive org.jspecify;

    exports io.github.skinmesh.laya;
}
