/** skinmesh-laya: the API arrives with its issue; see the package documentation of {@code io.github.skinmesh.laya}. */
module io.github.skinmesh.laya {
    requires transitive io.github.skinmesh.core;
    requires static transitive org.jspecify;
}
