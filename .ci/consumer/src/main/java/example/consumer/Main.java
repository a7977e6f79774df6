package example.consumer;

import io.github.skinmesh.gltf.AssetPoser;
import io.github.skinmesh.gltf.GltfAsset;
import io.github.skinmesh.gltf.GltfReader;
import io.github.skinmesh.gltf.PoseSpace;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;

/**
 * Reads a .glb, samples a clip and skins every skinned primitive with the README's example, then
 * prints how it ran (module or class path), what it posed, and the SHA-256 of the positions as
 * float32 little-endian, which is what {@code skinmesh skin} writes for the same pose.
 *
 * <pre>java ... example.consumer.Main FILE CLIP TIME</pre>
 */
public final class Main {
    private Main() {
    }

    public static void main(String[] args) throws IOException, NoSuchAlgorithmException {
        if (args.length != 3) {
            System.err.println("usage: Main FILE CLIP-INDEX TIME");
            System.exit(2);
        }
        Path file = Path.of(args[0]);
        int clip = Integer.parseInt(args[1]);
        float time = Float.parseFloat(args[2]);

        // --- README "Use it" example (Path.of("Fox.glb"), 1 and 0.35f there)
        GltfAsset fox = GltfReader.read(file);
        AssetPoser poser = AssetPoser.bind(fox);                   // once per asset; reusable
        List<float[]> positions = poser.pose(fox.clips().get(clip), time, PoseSpace.MODEL); // xyz per vertex
        // --- README example ends

        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        long vertices = 0;
        for (float[] xyz : positions) {
            ByteBuffer bytes = ByteBuffer.allocate(4 * xyz.length).order(ByteOrder.LITTLE_ENDIAN);
            bytes.asFloatBuffer().put(xyz);
            sha.update(bytes);
            vertices += xyz.length / 3;
        }
        Module gltf = GltfReader.class.getModule();
        System.out.println((gltf.isNamed() ? "module path: " + gltf.getName() : "class path: unnamed module")
                + "; clip '" + fox.clips().get(clip).name() + "' at " + time + " s: skinned primitives "
                + positions.size() + ", vertices " + vertices + ", sha256 " + HexFormat.of().formatHex(sha.digest()));
    }
}
