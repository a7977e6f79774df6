package io.github.skinmesh.gltf;

import io.github.skinmesh.core.ValidationException;
import io.github.skinmesh.core.model.Image;
import java.util.Objects;
import org.jspecify.annotations.Nullable;

/**
 * What became of one glTF image of a {@link GltfAsset}: where the file stores it, and whether it
 * was read. One per entry of the document's {@code images} array, in index order
 * ({@link GltfAsset#imageSources()}).
 *
 * <p>The reader loads an image when a material of a read primitive first uses it; an image no such
 * material uses is {@link Status#NOT_USED} and was not loaded. With
 * {@link GltfReadOptions.UnreadableImages#DROP_TEXTURES} an external image file that cannot be
 * read is {@link Status#MISSING} or {@link Status#UNREADABLE}, with the reason, and the textures
 * that use it are not in their materials.
 *
 * @param index the glTF image index
 * @param storage where the document keeps the image's bytes
 * @param uri for {@link Storage#EXTERNAL}, the URI as written in the document (still percent-encoded);
 *     {@code null} otherwise
 * @param declaredMimeType the image's {@code mimeType} as written, or {@code null} when absent
 * @param detectedMimeType the type the bytes' signature shows (PNG, JPEG, WebP, KTX2), or
 *     {@code null} when the signature is none of these or the image was not read
 * @param status whether the image was read
 * @param image the image read (its MIME type is the declared one, else the detected one, else
 *     {@code application/octet-stream}), exactly when {@code status} is {@link Status#READ}; the
 *     same instance the materials' textures hold
 * @param problem for {@link Status#MISSING} and {@link Status#UNREADABLE}, why the file could not be
 *     read, naming the image and its URI; {@code null} otherwise
 */
public record ImageSource(int index, Storage storage, @Nullable String uri, @Nullable String declaredMimeType,
        @Nullable String detectedMimeType, Status status, @Nullable Image image, @Nullable String problem) {
    /** Where a glTF image's bytes are. */
    public enum Storage {
        /** In a buffer view ({@code bufferView}), inside the document's buffers. */
        BUFFER_VIEW,
        /** In a {@code data:} URI inside the JSON. */
        DATA_URI,
        /** Outside the document: a {@code uri} that is not a {@code data:} URI (a file beside it). */
        EXTERNAL,
        /**
         * The image declares neither {@code uri} nor {@code bufferView}, or declares them with the wrong
         * types; only possible for a {@link Status#NOT_USED} image (a used one fails the read).
         */
        UNDECLARED
    }

    /** Whether a glTF image was read. */
    public enum Status {
        /** Loaded: {@link #image()} holds it. */
        READ,
        /** No material of a read primitive uses the image, so it was not loaded. */
        NOT_USED,
        /** The external file does not exist. */
        MISSING,
        /**
         * The external file could not be read: an I/O error, a URI that is absolute, has a scheme or
         * leaves the document's folder, or external resources disabled by the options.
         */
        UNREADABLE
    }

    /**
     * Checks that the fields agree.
     *
     * @param index see the record description
     * @param storage see the record description
     * @param uri see the record description
     * @param declaredMimeType see the record description
     * @param detectedMimeType see the record description
     * @param status see the record description
     * @param image see the record description
     * @param problem see the record description
     * @throws ValidationException when {@code index} is negative, {@code image} is present for
     *     another status than {@link Status#READ} (or absent for it), {@code problem} is absent for
     *     {@link Status#MISSING} or {@link Status#UNREADABLE} (or present for another status), or
     *     {@code uri} is present exactly when {@code storage} is not {@link Storage#EXTERNAL}
     */
    public ImageSource {
        Objects.requireNonNull(storage, "storage");
        Objects.requireNonNull(status, "status");
        String where = "ImageSource " + index;
        if (index < 0) {
            throw new ValidationException(where + ": index " + index + ", expected >= 0");
        }
        if ((image != null) != (status == Status.READ)) {
            throw new ValidationException(where + ": status " + status + " with" + (image == null ? "out" : "")
                    + " an image, expected an image exactly when READ");
        }
        boolean failed = status == Status.MISSING || status == Status.UNREADABLE;
        if ((problem != null) != failed) {
            throw new ValidationException(where + ": status " + status + " with" + (problem == null ? "out" : "")
                    + " a problem, expected a problem exactly when MISSING or UNREADABLE");
        }
        if ((uri != null) != (storage == Storage.EXTERNAL)) {
            throw new ValidationException(where + ": storage " + storage + " with" + (uri == null ? "out" : "")
                    + " a uri, expected a uri exactly for EXTERNAL");
        }
    }

    /** @return whether the image was loaded ({@link Status#READ}) */
    public boolean isRead() {
        return status == Status.READ;
    }
}
