/** Implementation helpers shared by skinmesh's modules; not API, exported to skinmesh modules only. */
package io.github.skinmesh.core.internal;
