/**
 * skinmesh-atlas: texture atlases. Package {@code io.github.skinmesh.atlas} atlases the textures of parts
 * (UV remap, merged materials), package {@code io.github.skinmesh.atlas.pack} places rectangles,
 * package {@code io.github.skinmesh.atlas.image} holds decoded images, the PNG codec, resampling and
 * the compositing of atlas pages. The PNG decoder uses the JDK's {@code javax.imageio}, hence
 * {@code java.desktop}.
 */
module io.github.skinmesh.atlas {
    requires transitive io.github.skinmesh.core;
    requires static transitive org.jspecify;
    requires java.desktop;

    exports io.github.skinmesh.atlas;
    exports io.github.skinmesh.atlas.pack;
    exports io.github.skinmesh.atlas.image;
}
