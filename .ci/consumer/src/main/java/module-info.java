/** A user's application on the module path: it needs only skinmesh's glTF module (core comes with it). */
module example.consumer {
    requires io.github.skinmesh.gltf;
}
