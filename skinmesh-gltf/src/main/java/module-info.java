/**
 * skinmesh-gltf: glTF 2.0 ({@code .gltf}, {@code .glb}) import and export of skinned characters.
 */
module io.github.skinmesh.gltf {
    requires transitive io.github.skinmesh.core;
    requires com.fasterxml.jackson.databind;
    requires static transitive org.jspecify;

    exports io.github.skinmesh.gltf;
}
