package io.github.skinmesh.gltf;

import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

/**
 * Loads the external resources of a {@code .gltf} document: buffers and images whose {@code uri}
 * is not a {@code data:} URI.
 *
 * <p>The reader calls it with the URI exactly as written in the file (still percent-encoded) and
 * turns any {@link IOException} into a {@link io.github.skinmesh.core.FormatException} naming the
 * buffer or image. Implementations must be safe to call from the reading thread; the reader never
 * calls one concurrently.
 */
@FunctionalInterface
public interface ResourceResolver {
    /**
     * Loads a resource.
     *
     * @param uri the URI as written in the document
     * @return the resource's bytes
     * @throws IOException when it cannot be found or read ({@link NoSuchFileException} when missing)
     */
    byte[] resolve(String uri) throws IOException;

    /**
     * A resolver that refuses every URI: only GLB-embedded buffers and data URIs can be read.
     *
     * @return the resolver
     */
    static ResourceResolver none() {
        return uri -> {
            throw new NoSuchFileException(uri, null, "external resources are disabled");
        };
    }

    /**
     * A resolver for files beside a document: relative, percent-decoded URIs resolved against
     * {@code folder}. Absolute URIs, URIs with a scheme ({@code http:}, {@code file:}, ...) and
     * paths that leave the folder, lexically ({@code ..}) or through a symbolic link, are rejected
     * with an {@link IOException}. Only regular files are read: a URI naming a directory, a FIFO,
     * a device or a socket is rejected before it is opened (opening a FIFO would block until
     * something writes to it). Files larger than 2 GiB are rejected before reading.
     *
     * @param folder the document's folder
     * @return the resolver; thread-safe
     */
    static ResourceResolver folder(Path folder) {
        return new FolderResolver(folder);
    }
}
