/** skinmesh-gltf. */
module io.github.skinmesh.gltf {
    requires transitive io.github.skinmesh.core;
    requires static org.jspecify;
}
