import getpass
import os

import jwt
from keyring import get_password

MAX_TOKENS = 4096
TOKEN_TTL_SECONDS = 3600
PASSWORD_MIN_LENGTH = 12


class AuthService:
    def __init__(self, settings):
        self.api_key = os.environ["ACME_API_KEY"]
        self.secret = settings.jwt_secret
        self.password = None
        self.token_url = "https://auth.example.com/oauth/token"

    def login(self, username):
        password = getpass.getpass("Password: ")
        token = self._exchange(username, password)
        self.password = password
        return token

    def _exchange(self, username, password):
        token = jwt.encode({"sub": username}, self.secret, algorithm="HS256")
        return token

    def from_keyring(self):
        return get_password("acme", "api_key")


def check(password: str, token: str | None = None) -> bool:
    secret_name = "prod/db/password"
    api_key = os.getenv("API_KEY", "")
    return bool(password) and token != api_key and secret_name
