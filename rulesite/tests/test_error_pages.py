"""Error pages: friendly, in the site's layout, escaping whatever the request carried."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


class ErrorPageTests:
    def test_a_missing_section_gets_the_site_404_page(self, client):
        response = client.get("/rules/fow-whitepaper-2.3/99.99/")
        body = response.content.decode()
        assert response.status_code == 404
        assert "Not found" in body and 'class="site-header"' in body

    def test_markup_in_the_path_is_escaped_on_the_404_page(self, client):
        response = client.get("/rules/%3Cscript%3Ealert(1)%3C%2Fscript%3E/")
        assert response.status_code == 404
        assert "<script>alert(1)</script>" not in response.content.decode()

    def test_the_favicon_is_linked(self, client):
        assert 'rel="icon"' in client.get("/").content.decode()
